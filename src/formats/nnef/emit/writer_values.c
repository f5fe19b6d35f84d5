/* writer_values.c — the text buffer and the literal printer of the NNEF writer: values
 * are printed so the lexer and parser read back the identical value (NNEF 1.0.2 §3.1
 * literals; rules in writer.h). Scalars use the shortest round-tripping decimal. */
#include "formats/nnef/emit/writer.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/checked.h"

/* ------------------------------------------------------------------ text buffer */

/* ------------------------------------------------------------------ identifiers */

bool nnx_nnef_is_identifier(const char *s)
{
    static const char *const reserved[] = {
        "version",   "extension", "graph", "fragment", "tensor", "integer", "scalar", "logical", "string", "shape_of",
        "length_of", "range_of",  "for",   "in",       "yield",  "if",      "else",   "true",    "false"};
    if (!s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
        return false;
    for (const char *p = s + 1; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return false;
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (strcmp(s, reserved[i]) == 0)
            return false;
    return true;
}

static bool ident_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

char *nnx_nnef_sanitize_identifier(nnx_arena *arena, const char *name)
{
    size_t n = name ? strlen(name) : 0, size;
    if (!nnx_add_size(n, 3, &size)) /* a '_' before, one after, the NUL */
        return NULL;
    char *s = nnx_arena_alloc(arena, size);
    if (!s)
        return NULL;
    size_t k = 0;
    if (n == 0 || (name[0] >= '0' && name[0] <= '9'))
        s[k++] = '_';
    for (size_t i = 0; i < n; i++)
        s[k++] = ident_char(name[i]) ? name[i] : '_';
    s[k] = '\0';
    if (!nnx_nnef_is_identifier(s)) { /* a keyword or true/false */
        s[k] = '_';
        s[k + 1] = '\0';
    }
    return s;
}

static bool label_char(char ch) { return ident_char(ch) || ch == '-' || ch == '.'; }

char *nnx_nnef_sanitize_label(nnx_arena *arena, const char *name)
{
    size_t n = name ? strlen(name) : 0;
    if (n > NNX_NNEF_LABEL_MAX)
        n = NNX_NNEF_LABEL_MAX;
    char *s = nnx_arena_alloc(arena, n + 2);
    if (!s)
        return NULL;
    size_t k = 0, comp = 0; /* comp: where the current component starts in s */
    for (size_t i = 0; i < n; i++) {
        char ch = name[i];
        if (ch == '/' && k > comp && i + 1 < n && name[i + 1] != '/') { /* a separator between parts */
            s[k++] = '/';
            comp = k;
            continue;
        }
        if (k - comp == 240) /* a component longer than a file name may be: cut, leaving room for a
                              * "_k" suffix and ".dat" within 255 bytes */
            continue;
        s[k++] = label_char(ch) ? ch : '_';
        /* "." and ".." are no file names: a component made only of dots of that length */
        bool end = i + 1 == n || name[i + 1] == '/';
        if (end && k - comp <= 2 && s[comp] == '.' && s[k - 1] == '.')
            for (size_t j = comp; j < k; j++)
                s[j] = '_';
    }
    if (k == 0)
        s[k++] = '_';
    s[k] = '\0';
    return s;
}

/* ------------------------------------------------------------------ scalars */

/* A decimal d[0..nd) * 10^(exp - nd + 1): significant digits and the exponent of the first. */
typedef struct decimal {
    char d[20];
    int nd, exp;
} decimal;

/* Reads printf's "%.*e" output: digits up to 'e' (the locale's point, whatever it is, is
 * skipped), then the exponent. */
static void parse_e(const char *s, decimal *x)
{
    x->nd = 0;
    for (; *s && *s != 'e' && *s != 'E'; s++)
        if (*s >= '0' && *s <= '9' && x->nd < 18)
            x->d[x->nd++] = *s;
    x->exp = *s ? atoi(s + 1) : 0;
}

/* printf's correctly rounded p significant digits of a. */
static void direct_digits(double a, int p, decimal *x)
{
    char s[48];
    snprintf(s, sizeof s, "%.*e", p - 1, a);
    parse_e(s, x);
}

/* Whether x reads back as a. Spelled without a decimal point ("15e-1"), so strtod's
 * locale does not matter. */
static bool round_trips(const decimal *x, double a)
{
    char s[48];
    memcpy(s, x->d, (size_t)x->nd);
    snprintf(s + x->nd, sizeof s - (size_t)x->nd, "e%d", x->exp - x->nd + 1);
    return strtod(s, NULL) == a;
}

/* Rounds the 17 digits of x to p (< 17) into out; *dist receives |out - x| in units of the
 * 17th digit. False when x's tail is exactly half: then rounding x can differ from rounding
 * the exact value (double rounding), and the caller asks printf instead. */
static bool round_digits(const decimal *x, int p, decimal *out, double *dist)
{
    double tail = 0, unit = 1;
    bool rest = false;
    for (int i = p; i < 17; i++) {
        tail = tail * 10 + (x->d[i] - '0');
        unit *= 10;
        rest = rest || (i > p && x->d[i] != '0');
    }
    if (x->d[p] == '5' && !rest)
        return false;
    bool up = x->d[p] >= '5';
    *dist = up ? unit - tail : tail;
    memcpy(out->d, x->d, (size_t)p);
    out->nd = p;
    out->exp = x->exp;
    int i = p - 1;
    while (up && i >= 0 && out->d[i] == '9')
        out->d[i--] = '0';
    if (up && i < 0) { /* 9.99 -> 10.0: the other digits are already '0' */
        out->d[0] = '1';
        out->exp++;
    } else if (up) {
        out->d[i]++;
    }
    return true;
}

/* The fewest significant digits that read back as a (a > 0, finite): every precision
 * 1..16 in order, as "%.*e" would give it, the first that round-trips wins (precision is
 * not monotone near powers of two, so no bisection). One printf gives 17 digits; shorter
 * roundings come from them, and strtod runs only where the rounding error can be within
 * an ulp of a: u bounds one ulp in units of the 17th digit, with a factor-2 margin. */
static void shortest_digits(double a, decimal *best)
{
    decimal x;
    direct_digits(a, 17, &x);
    double m = 0;
    for (int i = 0; i < 17; i++)
        m = m * 10 + (x.d[i] - '0');
    double u = 2.0 * (a - nextafter(a, 0.0)) / a * m;
    for (int p = 1; p < 17; p++) {
        decimal c;
        double dist = 0;
        if (!round_digits(&x, p, &c, &dist))
            direct_digits(a, p, &c);
        if (dist <= 2 * u + 2 && round_trips(&c, a)) {
            *best = c;
            return;
        }
    }
    *best = x;
}

/* Fixed notation of digits d[0..nd) * 10^(exp - nd + 1). */
static size_t put_fixed(char *o, const char *d, int nd, int exp)
{
    size_t n = 0;
    if (exp < 0) {
        n += (size_t)sprintf(o, "0.");
        for (int i = -1; i > exp; i--)
            o[n++] = '0';
        memcpy(o + n, d, (size_t)nd);
        return n + (size_t)nd;
    }
    for (int i = 0; i <= exp; i++)
        o[n++] = i < nd ? d[i] : '0';
    o[n++] = '.';
    if (nd <= exp + 1)
        o[n++] = '0';
    for (int i = exp + 1; i < nd; i++)
        o[n++] = d[i];
    return n;
}

bool nnx_nnef_format_scalar(double v, char *buf, size_t size)
{
    char out[48];
    if (!isfinite(v))
        return false;
    decimal x = {"0", 1, 0};
    if (v != 0)
        shortest_digits(fabs(v), &x);
    while (x.nd > 1 && x.d[x.nd - 1] == '0')
        x.nd--;
    size_t n = 0;
    if (signbit(v))
        out[n++] = '-';
    if (x.exp >= -4 && x.exp < 16)
        n += put_fixed(out + n, x.d, x.nd, x.exp);
    else {
        out[n++] = x.d[0];
        if (x.nd > 1) {
            out[n++] = '.';
            memcpy(out + n, x.d + 1, (size_t)x.nd - 1);
            n += (size_t)x.nd - 1;
        }
        n += (size_t)sprintf(out + n, "e%d", x.exp);
    }
    out[n] = '\0';
    if (n + 1 > size)
        return false;
    memcpy(buf, out, n + 1);
    return true;
}

/* ------------------------------------------------------------------ values */

typedef struct value_writer {
    nnx_strbuf *out;
    const char *const *names;
    uint32_t n_names;
    const char *what;
    nnx_error *err;
} value_writer;

static nnx_status put(value_writer *w, const char *s)
{
    if (nnx_strbuf_puts(w->out, s))
        return NNX_OK;
    return nnx_error_set(w->err, NNX_ERROR_OUT_OF_MEMORY, "%s: out of memory", w->what);
}

static nnx_status put_integer(value_writer *w, int64_t v)
{
    char buf[32];
    if (v == INT64_MIN)
        return nnx_error_set(w->err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: integer %" PRId64 " has no NNEF literal (literals lie in +-(2^63-1))", w->what, v);
    snprintf(buf, sizeof buf, "%" PRId64, v);
    return put(w, buf);
}

static nnx_status put_scalar(value_writer *w, double v)
{
    char buf[48];
    if (!nnx_nnef_format_scalar(v, buf, sizeof buf))
        return nnx_error_set(w->err, NNX_ERROR_NOT_SUPPORTED, "%s: scalar %s has no NNEF literal", w->what,
                             isnan(v)    ? "nan"
                                 : v > 0 ? "inf"
                                         : "-inf");
    return put(w, buf);
}

/* '...' with \' and \\ escaped, the only escapes of §3.1. */
static nnx_status put_string(value_writer *w, const char *s)
{
    if (!s)
        return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: string value without characters", w->what);
    nnx_status st = put(w, "'");
    for (const char *p = s; st == NNX_OK && *p; p++) {
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            return nnx_error_set(w->err, NNX_ERROR_NOT_SUPPORTED,
                                 "%s: string has byte 0x%02x; NNEF strings hold printable ASCII only", w->what,
                                 (unsigned char)*p);
        char esc[3] = {'\\', *p, '\0'};
        st = put(w, *p == '\'' || *p == '\\' ? esc : esc + 1);
    }
    return st == NNX_OK ? put(w, "'") : st;
}

static nnx_status put_value(value_writer *w, const nnx_nnef_value *v, uint32_t depth);

static nnx_status put_list(value_writer *w, const nnx_nnef_value *v, uint32_t depth)
{
    bool tuple = v->kind == NNX_NNEF_VALUE_TUPLE;
    if (depth >= NNX_NNEF_WRITE_MAX_DEPTH)
        return nnx_error_set(w->err, NNX_ERROR_NOT_SUPPORTED, "%s: value nested deeper than %u", w->what,
                             NNX_NNEF_WRITE_MAX_DEPTH);
    if (tuple && v->count < 2)
        return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: tuple of %u items (at least 2)", w->what,
                             v->count);
    if (v->count && !v->u.items)
        return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: list without items", w->what);
    nnx_status st = put(w, tuple ? "(" : "[");
    for (uint32_t i = 0; st == NNX_OK && i < v->count; i++) {
        if (i)
            st = put(w, ", ");
        if (st == NNX_OK)
            st = put_value(w, &v->u.items[i], depth + 1);
    }
    return st == NNX_OK ? put(w, tuple ? ")" : "]") : st;
}

static nnx_status put_value(value_writer *w, const nnx_nnef_value *v, uint32_t depth)
{
    switch (v->kind) {
    case NNX_NNEF_VALUE_INTEGER: return put_integer(w, v->u.integer);
    case NNX_NNEF_VALUE_SCALAR: return put_scalar(w, v->u.scalar);
    case NNX_NNEF_VALUE_LOGICAL: return put(w, v->u.logical ? "true" : "false");
    case NNX_NNEF_VALUE_STRING: return put_string(w, v->u.string);
    case NNX_NNEF_VALUE_TENSOR:
        if (v->u.tensor >= w->n_names)
            return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: tensor index %u out of range (%u tensors)",
                                 w->what, v->u.tensor, w->n_names);
        return put(w, w->names[v->u.tensor]);
    case NNX_NNEF_VALUE_ARRAY:
    case NNX_NNEF_VALUE_TUPLE: return put_list(w, v, depth);
    default: return nnx_error_set(w->err, NNX_ERROR_INVALID_ARGUMENT, "%s: no value", w->what);
    }
}

nnx_status nnx_nnef_write_value(nnx_strbuf *out, const nnx_nnef_value *v, const char *const *names, uint32_t n_names,
                                const char *what, nnx_error *err)
{
    value_writer w = {out, names, n_names, what ? what : "value", err};
    return put_value(&w, v, 0);
}
