/* print_values.c — `nnx run --print`: an output's values as numpy.array2string prints them
 * with NumPy's default print options (precision 8, floatmode 'maxprec', threshold 1000,
 * edgeitems 3, linewidth 75, sign '-'), so the text can be compared with a NumPy session.
 * The layout and the float rules follow numpy/core/arrayprint.py (FloatingFormat,
 * IntegerFormat, BoolFormat, _formatArray); deviations are listed in docs/CLI.md. */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PRINT_PRECISION 8
#define PRINT_THRESHOLD 1000
#define PRINT_EDGEITEMS 3
#define PRINT_LINEWIDTH 75

/* A growable string; on out of memory it stays as it was and oom is set. */
typedef struct text {
    char *s;
    size_t len, cap;
    bool oom;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->oom)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *p = realloc(t->s, cap);
        if (!p) {
            t->oom = true;
            return;
        }
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void puts_text(text *t, const char *s) { put(t, s, strlen(s)); }

/* ------------------------------------------------------------------ which elements */

/* The flat indices of the elements shown: all of them, or per axis longer than 2 *
 * EDGEITEMS only its first and last EDGEITEMS (numpy's _leading_trailing). */
typedef struct shown {
    uint32_t rank;
    uint32_t extent[NNX_MAX_RANK]; /* shown extent per axis */
    bool cut[NNX_MAX_RANK];        /* the axis is summarised */
} shown;

static shown shown_of(const nnx_operand_desc *d, bool summarise)
{
    shown s = {.rank = d->rank};
    for (uint32_t k = 0; k < d->rank; k++) {
        s.cut[k] = summarise && d->shape[k] > 2 * PRINT_EDGEITEMS;
        s.extent[k] = s.cut[k] ? 2 * PRINT_EDGEITEMS : d->shape[k];
    }
    return s;
}

/* The flat index in the tensor of position pos (per axis, in the shown extents). */
static size_t flat_index(const nnx_operand_desc *d, const shown *s, const uint32_t *pos)
{
    size_t index = 0;
    for (uint32_t k = 0; k < d->rank; k++) {
        uint32_t p = pos[k];
        if (s->cut[k] && p >= PRINT_EDGEITEMS)
            p = d->shape[k] - 2 * PRINT_EDGEITEMS + p;
        index = index * d->shape[k] + p;
    }
    return index;
}

/* How many elements are shown; shown_flat gives the flat index of the i-th of them, in
 * row-major order of the shown positions. */
static size_t shown_count(const shown *s)
{
    size_t n = 1;
    for (uint32_t k = 0; k < s->rank; k++)
        n *= s->extent[k];
    return n;
}

static size_t shown_flat(const nnx_operand_desc *d, const shown *s, size_t i)
{
    uint32_t pos[NNX_MAX_RANK];
    for (uint32_t k = s->rank; k-- > 0;) {
        pos[k] = (uint32_t)(i % s->extent[k]);
        i /= s->extent[k];
    }
    return flat_index(d, s, pos);
}

/* ------------------------------------------------------------------ floats */

/* Shortest decimal digits that read back as the same value of dt (Dragon4's unique mode):
 * "%.*e" with the fewest significant digits that round-trips through dt. */
static void shortest_e(nnx_dtype dt, double v, char *buf, size_t n)
{
    for (int p = 0; p < 17; p++) {
        snprintf(buf, n, "%.*e", p, v);
        unsigned char back[8];
        nnx_element_store_f64(dt, back, 0, strtod(buf, NULL));
        if (nnx_element_load_f64(dt, back, 0) == v)
            return;
    }
    snprintf(buf, n, "%.17e", v);
}

/* v positional, unique digits cut to PRINT_PRECISION fractional digits (rounded), trailing
 * zeros trimmed but the '.' kept (dragon4_positional, unique, trim '.'). */
static void positional(nnx_dtype dt, double v, char *out, size_t n)
{
    char e[64];
    shortest_e(dt, v, e, sizeof e);
    /* e: [-]D[.DDD]e[+-]X */
    const char *m = e;
    bool neg = *m == '-';
    m += neg;
    char digits[32];
    size_t nd = 0;
    for (; *m && *m != 'e'; m++)
        if (*m != '.')
            digits[nd++] = *m;
    int exp10 = atoi(m + 1);
    /* fractional digits the unique form needs */
    int frac = (int)nd - 1 - exp10;
    if (frac > PRINT_PRECISION) { /* cut to precision: the exact value, rounded */
        snprintf(out, n, "%.*f", PRINT_PRECISION, v);
        size_t len = strlen(out);
        while (len > 0 && out[len - 1] == '0')
            out[--len] = '\0';
        return;
    }
    size_t at = 0;
    if (neg)
        out[at++] = '-';
    if (exp10 < 0) {
        out[at++] = '0';
        out[at++] = '.';
        for (int k = -1; k > exp10; k--)
            out[at++] = '0';
        for (size_t k = 0; k < nd; k++)
            out[at++] = digits[k];
    } else {
        for (int k = 0; k <= exp10; k++)
            out[at++] = (size_t)k < nd ? digits[k] : '0';
        out[at++] = '.';
        for (size_t k = (size_t)exp10 + 1; k < nd; k++)
            out[at++] = digits[k];
    }
    /* trim zeros of the fraction the digits may end in ("1.0" of "1.0e0") */
    while (at > 0 && out[at - 1] == '0' && memchr(out, '.', at))
        at--;
    out[at] = '\0';
    (void)n; /* at most 1 + 9 + 1 + 17 + 8 bytes here: positional is used below 1e8 */
}

/* v as mantissa and exponent: unique digits cut to PRECISION fractional digits of the
 * mantissa; *mant is "[-]D.DDD" (trailing zeros trimmed, '.' kept), *exp10 the exponent. */
static void scientific(nnx_dtype dt, double v, char *mant, size_t n, int *exp10)
{
    char e[64];
    shortest_e(dt, v, e, sizeof e);
    char *x = strchr(e, 'e');
    size_t sig = 0;
    for (const char *c = e; c < x; c++)
        sig += *c >= '0' && *c <= '9';
    if (sig > PRINT_PRECISION + 1) {
        snprintf(e, sizeof e, "%.*e", PRINT_PRECISION, v);
        x = strchr(e, 'e');
    }
    *exp10 = atoi(x + 1);
    *x = '\0';
    if (!strchr(e, '.'))
        strcat(e, ".");
    size_t len = strlen(e);
    while (e[len - 1] == '0')
        e[--len] = '\0';
    snprintf(mant, n, "%s", e);
}

/* numpy's FloatingFormat over the shown values. */
typedef struct float_format {
    bool exp_format;
    int pad_left, pad_right, precision, exp_size;
} float_format;

static float_format float_format_of(const run_buffer *b, const shown *s)
{
    nnx_dtype dt = b->desc.dtype;
    float_format f = {0};
    size_t n = shown_count(s);
    double max_abs = 0, min_abs = INFINITY;
    bool any_finite = false, any_nonfinite = false, neginf = false;
    for (size_t i = 0; i < n; i++) {
        double v = nnx_element_load_f64(dt, b->data, shown_flat(&b->desc, s, i));
        if (!isfinite(v)) {
            any_nonfinite = true;
            neginf |= isinf(v) && v < 0;
            continue;
        }
        any_finite = true;
        if (v != 0) {
            max_abs = fabs(v) > max_abs ? fabs(v) : max_abs;
            min_abs = fabs(v) < min_abs ? fabs(v) : min_abs;
        }
    }
    if (max_abs > 0) { /* the ratio as the dtype computes it */
        unsigned char q[8];
        nnx_element_store_f64(dt, q, 0, max_abs / min_abs);
        double ratio = nnx_element_load_f64(dt, q, 0);
        f.exp_format = max_abs >= 1e8 || min_abs < 0.0001 || ratio > 1000.0;
    }
    if (!any_finite) {
        f.exp_size = -1;
    } else if (f.exp_format) {
        int exp_digits = 0;
        for (size_t i = 0; i < n; i++) {
            double v = nnx_element_load_f64(dt, b->data, shown_flat(&b->desc, s, i));
            if (!isfinite(v))
                continue;
            char mant[64];
            int e;
            scientific(dt, v, mant, sizeof mant, &e);
            const char *dot = strchr(mant, '.');
            int left = (int)(dot - mant), right = (int)strlen(dot + 1);
            int digits = snprintf(NULL, 0, "%02d", abs(e));
            f.pad_left = left > f.pad_left ? left : f.pad_left;
            f.precision = right > f.precision ? right : f.precision;
            exp_digits = digits > exp_digits ? digits : exp_digits;
        }
        f.exp_size = exp_digits;
        f.pad_right = f.exp_size + 2 + f.precision;
    } else {
        for (size_t i = 0; i < n; i++) {
            double v = nnx_element_load_f64(dt, b->data, shown_flat(&b->desc, s, i));
            if (!isfinite(v))
                continue;
            char p[512];
            positional(dt, v, p, sizeof p);
            const char *dot = strchr(p, '.');
            int left = (int)(dot - p), right = (int)strlen(dot + 1);
            f.pad_left = left > f.pad_left ? left : f.pad_left;
            f.pad_right = right > f.pad_right ? right : f.pad_right;
        }
        f.exp_size = -1;
    }
    if (any_nonfinite) { /* "nan" and "inf" ("-inf") right-aligned to the same width */
        int offset = f.pad_right + 1, inflen = 3 + neginf;
        f.pad_left = 3 - offset > f.pad_left ? 3 - offset : f.pad_left;
        f.pad_left = inflen - offset > f.pad_left ? inflen - offset : f.pad_left;
    }
    return f;
}

static void format_float(const float_format *f, nnx_dtype dt, double v, char *out, size_t n)
{
    if (!isfinite(v)) {
        const char *word = isnan(v) ? "nan" : v < 0 ? "-inf" : "inf";
        int width = f->pad_left + f->pad_right + 1;
        snprintf(out, n, "%*s", width, word);
        return;
    }
    char body[512];
    if (f->exp_format) {
        /* min_digits = precision: Dragon4 goes on with the exact value's digits past the
         * unique ones, which is printf's correctly rounded "%.*e" */
        char e[64];
        snprintf(e, sizeof e, "%.*e", f->precision, v);
        char *x = strchr(e, 'e'), *dot = strchr(e, '.');
        int exp10 = atoi(x + 1);
        *x = '\0';
        int left = dot ? (int)(dot - e) : (int)strlen(e);
        snprintf(out, n, "%*s%.*s.%se%c%0*d", f->pad_left - left, "", left, e, dot ? dot + 1 : "",
                 exp10 < 0 ? '-' : '+', f->exp_size, abs(exp10));
        return;
    }
    positional(dt, v, body, sizeof body);
    const char *dot = strchr(body, '.');
    int left = (int)(dot - body), right = (int)strlen(dot + 1);
    snprintf(out, n, "%*s%s%*s", f->pad_left - left, "", body, f->pad_right - right, "");
}

/* ------------------------------------------------------------------ integers and bool */

static void format_int(nnx_dtype dt, const void *data, size_t i, char *out, size_t n)
{
    if (nnx_dtype_is_signed_integer(dt))
        snprintf(out, n, "%lld", (long long)nnx_element_load_i64(dt, data, i));
    else
        snprintf(out, n, "%llu", (unsigned long long)nnx_element_load_u64(dt, data, i));
}

/* ------------------------------------------------------------------ layout */

typedef struct printer {
    const run_buffer *b;
    const shown *s;
    bool is_float, is_bool;
    float_format f;
    int int_width; /* IntegerFormat: the widest of min and max */
    uint32_t pos[NNX_MAX_RANK];
} printer;

static void word_of(const printer *p, char *out, size_t n)
{
    nnx_dtype dt = p->b->desc.dtype;
    size_t i = flat_index(&p->b->desc, p->s, p->pos);
    if (p->is_bool)
        snprintf(out, n, "%s",
                 nnx_element_load_u64(dt, p->b->data, i) ? (p->b->desc.rank ? " True" : "True") : "False");
    else if (p->is_float)
        format_float(&p->f, dt, nnx_element_load_f64(dt, p->b->data, i), out, n);
    else {
        char w[32];
        format_int(dt, p->b->data, i, w, sizeof w);
        snprintf(out, n, "%*s", p->int_width, w);
    }
}

/* numpy's _extendLine: wrap before word when the line would pass width, unless the line
 * holds no more than the prefix. */
static void extend_line(text *s, text *line, const char *word, size_t width, const char *prefix)
{
    if (line->len + strlen(word) > width && line->len > strlen(prefix)) {
        size_t len = line->len;
        while (len > 0 && line->s[len - 1] == ' ')
            len--;
        put(s, line->s, len);
        puts_text(s, "\n");
        line->len = 0;
        puts_text(line, prefix);
    }
    puts_text(line, word);
}

/* numpy's _formatArray recurser for axis (the positions before it in p->pos). */
static void recurse(printer *p, uint32_t axis, const char *hanging, size_t width, text *out)
{
    const nnx_operand_desc *d = &p->b->desc;
    uint32_t left = d->rank - axis;
    size_t hang = strlen(hanging);
    char *next = malloc(hang + 2);
    if (!next) {
        out->oom = true;
        return;
    }
    memcpy(next, hanging, hang);
    next[hang] = ' ';
    next[hang + 1] = '\0';
    size_t next_width = width - 1;
    bool summary = p->s->cut[axis];
    uint32_t extent = p->s->extent[axis];
    text s = {0};
    if (left == 1) {
        size_t elem_width = width - 1; /* max(len(separator.rstrip()), len(']')) */
        text line = {0};
        puts_text(&line, hanging);
        char word[640];
        for (uint32_t i = 0; i < extent; i++) {
            p->pos[axis] = i;
            word_of(p, word, sizeof word);
            extend_line(&s, &line, word, elem_width, hanging);
            if (i + 1 < extent)
                puts_text(&line, " ");
            if (summary && i + 1 == PRINT_EDGEITEMS) {
                extend_line(&s, &line, "...", elem_width, hanging);
                puts_text(&line, " ");
            }
        }
        put(&s, line.s ? line.s : "", line.len);
        s.oom |= line.oom;
        free(line.s);
    } else {
        char sep[NNX_MAX_RANK + 1];
        memset(sep, '\n', left - 1);
        sep[left - 1] = '\0';
        for (uint32_t i = 0; i < extent; i++) {
            p->pos[axis] = i;
            text nested = {0};
            recurse(p, axis + 1, next, next_width, &nested);
            puts_text(&s, hanging);
            put(&s, nested.s ? nested.s : "", nested.len);
            s.oom |= nested.oom;
            free(nested.s);
            if (i + 1 < extent)
                puts_text(&s, sep);
            if (summary && i + 1 == PRINT_EDGEITEMS) {
                puts_text(&s, hanging);
                puts_text(&s, "...");
                puts_text(&s, sep);
            }
        }
    }
    puts_text(out, "[");
    if (s.len >= hang)
        put(out, s.s + hang, s.len - hang);
    puts_text(out, "]");
    out->oom |= s.oom;
    free(s.s);
    free(next);
}

void run_print_values(FILE *out, const run_buffer *b, bool all)
{
    const nnx_operand_desc *d = &b->desc;
    size_t elem = nnx_dtype_size(d->dtype), count = elem ? b->size / elem : 0;
    if (count == 0) {
        fprintf(out, "[]\n");
        return;
    }
    shown s = shown_of(d, !all && count > PRINT_THRESHOLD);
    printer p = {.b = b, .s = &s, .is_float = nnx_dtype_is_floating_point(d->dtype), .is_bool = d->dtype == NNX_BOOL};
    if (p.is_float)
        p.f = float_format_of(b, &s);
    else if (!p.is_bool)
        for (size_t i = 0, n = shown_count(&s); i < n; i++) {
            char w[32];
            format_int(d->dtype, b->data, shown_flat(d, &s, i), w, sizeof w);
            int len = (int)strlen(w);
            p.int_width = len > p.int_width ? len : p.int_width;
        }
    char word[640];
    if (d->rank == 0) {
        word_of(&p, word, sizeof word);
        /* a 0-d float has no padding */
        const char *w = word;
        while (*w == ' ')
            w++;
        fprintf(out, "%s\n", w);
        return;
    }
    text t = {0};
    recurse(&p, 0, " ", PRINT_LINEWIDTH, &t);
    if (t.oom)
        fprintf(out, "(out of memory)\n");
    else
        fprintf(out, "%s\n", t.s);
    free(t.s);
}
