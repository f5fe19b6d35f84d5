/* onnx_ops_string.c — the string operators of the ONNX front end, computed at load time on
 * the side table of string tensors (onnx_strings.c): StringNormalizer, StringConcat,
 * StringSplit, Equal on strings and Cast / CastLike to or from STRING (RegexFullMatch has
 * onnx_ops_regex.c). A numeric result (bool, int64, a cast's type) becomes an IR constant. */
#include "formats/onnx/onnx_build.h"

#include "base/alloc.h"
#include "ir/elem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { OX_ONNX_STRING = 8 }; /* TensorProto.DataType STRING */

/* ---------------------------------------------------------------- helpers */

/* A numeric result of shape rank/shape holding data, as a constant. */
static nnx_status num_result(ox *c, nnx_dtype dt, uint32_t rank, const uint32_t *shape, const void *data, uint32_t *id)
{
    nnx_operand_desc d = {dt, rank, {0}};
    if (rank)
        memcpy(d.shape, shape, rank * sizeof *shape);
    return ox_const(c, &d, data, id);
}

/* Multidirectional broadcasting of a and b (ONNX, Broadcasting.md) into rank/shape. */
static nnx_status bcast(ox *c, const ox_strt *a, const ox_strt *b, uint32_t *rank, uint32_t *shape)
{
    *rank = a->rank > b->rank ? a->rank : b->rank;
    for (uint32_t i = 0; i < *rank; i++) {
        uint32_t da = i + a->rank >= *rank ? a->shape[i + a->rank - *rank] : 1;
        uint32_t db = i + b->rank >= *rank ? b->shape[i + b->rank - *rank] : 1;
        if (da != db && da != 1 && db != 1)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "shapes do not broadcast (axis %u: %u and %u)", i, da, db);
        shape[i] = da == 1 ? db : da;
    }
    return NNX_OK;
}

/* The element of t that element k of the broadcast shape rank/shape reads. */
static uint32_t bcast_index(const ox_strt *t, uint32_t k, uint32_t rank, const uint32_t *shape)
{
    uint32_t idx = 0, stride = 1;
    for (uint32_t i = rank; i-- > 0;) {
        uint32_t coord = k % shape[i];
        k /= shape[i];
        if (i + t->rank >= rank) {
            uint32_t d = t->shape[i + t->rank - rank];
            idx += (d == 1 ? 0 : coord) * stride;
            stride *= d;
        }
    }
    return idx;
}

/* The two string inputs of a binary operator (StringConcat, Equal), their broadcast shape
 * rank/shape and its element count (both inputs are within OX_MAX_STRINGS elements; their
 * broadcast is within 2^48, checked against OX_MAX_STRINGS). */
static nnx_status string_pair(ox *c, const uint32_t *in, uint32_t n_in, const ox_strt **x, const ox_strt **y,
                              uint32_t *rank, uint32_t *shape, uint32_t *total)
{
    *x = ox_str_in(c, in, n_in, 0);
    *y = *x ? ox_str_in(c, in, n_in, 1) : NULL;
    if (!*y)
        return c->nerr.status;
    CHECK(bcast(c, *x, *y, rank, shape));
    uint64_t n = 1;
    for (uint32_t i = 0; i < *rank; i++)
        n *= shape[i];
    if (n > OX_MAX_STRINGS)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a result of more than %u elements", OX_MAX_STRINGS);
    *total = (uint32_t)n;
    return NNX_OK;
}

/* Scratch for n results: pointer and length arrays, and `bytes` bytes of text. */
typedef struct scratch {
    const char **s;
    uint32_t *len;
    char *text;
} scratch;

static nnx_status scratch_get(ox *c, scratch *w, size_t n, size_t bytes)
{
    w->s = ox_calloc(c, n + 1, sizeof *w->s);
    w->len = w->s ? ox_calloc(c, n + 1, sizeof *w->len) : NULL;
    w->text = w->len ? ox_calloc(c, bytes + 1, 1) : NULL;
    return w->text ? NNX_OK : c->nerr.status;
}

static void scratch_free(ox *c, scratch *w)
{
    nnx_mem_free(c->ir->alloc, w->s);
    nnx_mem_free(c->ir->alloc, w->len);
    nnx_mem_free(c->ir->alloc, w->text);
}

static char ascii_lower(char ch) { return ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch; }
static char ascii_upper(char ch) { return ch >= 'a' && ch <= 'z' ? (char)(ch - 'a' + 'A') : ch; }

/* ---------------------------------------------------------------- StringNormalizer */

static bool same_text(const char *a, size_t la, const char *b, size_t lb, bool case_sensitive)
{
    if (la != lb)
        return false;
    for (size_t i = 0; i < la; i++)
        if (case_sensitive ? a[i] != b[i] : ascii_lower(a[i]) != ascii_lower(b[i]))
            return false;
    return true;
}

/* ONNX Operators, StringNormalizer: x [C] or [1, C]; the stopwords removed (compared with
 * ASCII case folding unless is_case_sensitive), then the case changed. Case mapping is
 * ASCII only, whatever the locale attribute says (bytes >= 0x80 are kept): the locale's
 * rules would make the result depend on the host's locale data. Nothing left gives [""] of
 * shape [1] ([1, 1] for a 2-D input). */
nnx_status nnx_onnx_op_string_normalizer(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                         uint32_t *out)
{
    const ox_strt *x = ox_str_in(c, in, n_in, 0);
    if (!x)
        return c->nerr.status;
    if (!(x->rank == 1 || (x->rank == 2 && x->shape[0] == 1)))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the input must be [C] or [1, C]");
    char buf[16];
    const char *act = ox_attr_s(n, "case_change_action", "NONE", buf, sizeof buf);
    int mode = strcmp(act, "NONE") == 0 ? 0 : strcmp(act, "LOWER") == 0 ? 1 : strcmp(act, "UPPER") == 0 ? 2 : -1;
    if (mode < 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "case_change_action '%s' is not NONE, LOWER or UPPER", act);
    bool sensitive = ox_attr_i(n, "is_case_sensitive", 0) != 0;
    const Onnx__AttributeProto *sw = ox_attr(n, "stopwords");
    size_t bytes = 0;
    for (uint32_t k = 0; k < x->n; k++)
        bytes += x->len[k];
    scratch w;
    CHECK(scratch_get(c, &w, x->n, bytes));
    uint32_t kept = 0;
    char *p = w.text;
    for (uint32_t k = 0; k < x->n; k++) {
        bool stop = false;
        for (size_t j = 0; sw && j < sw->n_strings && !stop; j++)
            stop = same_text(x->s[k], x->len[k], (const char *)sw->strings[j].data, sw->strings[j].len, sensitive);
        if (stop)
            continue;
        for (uint32_t i = 0; i < x->len[k]; i++)
            p[i] = mode == 1 ? ascii_lower(x->s[k][i]) : mode == 2 ? ascii_upper(x->s[k][i]) : x->s[k][i];
        w.s[kept] = p;
        w.len[kept++] = x->len[k];
        p += x->len[k];
    }
    if (!kept) {
        w.s[0] = "";
        w.len[0] = 0;
        kept = 1;
    }
    uint32_t shape[2] = {1, kept};
    nnx_status st = x->rank == 1 ? ox_str_new(c, 1, &kept, w.s, w.len, &out[0])
                                 : ox_str_new(c, 2, shape, w.s, w.len, &out[0]);
    scratch_free(c, &w);
    return st;
}

/* ---------------------------------------------------------------- StringConcat, Equal */

/* ONNX Operators, StringConcat: x and y concatenated element-wise, broadcast. */
nnx_status nnx_onnx_op_string_concat(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    const ox_strt *x, *y;
    uint32_t rank, shape[NNX_MAX_RANK], total;
    CHECK(string_pair(c, in, n_in, &x, &y, &rank, shape, &total));
    size_t bytes = 0;
    for (uint32_t k = 0; k < total; k++) {
        bytes += (size_t)x->len[bcast_index(x, k, rank, shape)] + y->len[bcast_index(y, k, rank, shape)];
        if (bytes > OX_MAX_STRING_BYTES)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the result holds more than %zu bytes", OX_MAX_STRING_BYTES);
    }
    scratch w;
    CHECK(scratch_get(c, &w, total, bytes));
    char *p = w.text;
    for (uint32_t k = 0; k < total; k++) {
        uint32_t i = bcast_index(x, k, rank, shape), j = bcast_index(y, k, rank, shape);
        memcpy(p, x->s[i], x->len[i]);
        memcpy(p + x->len[i], y->s[j], y->len[j]);
        w.s[k] = p;
        w.len[k] = x->len[i] + y->len[j];
        p += w.len[k];
    }
    nnx_status st = ox_str_new(c, rank, shape, w.s, w.len, &out[0]);
    scratch_free(c, &w);
    return st;
}

/* ONNX Operators, Equal on tensor(string): byte-wise equality, broadcast; bool. */
static nnx_status op_equal_string(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    const ox_strt *x, *y;
    uint32_t rank, shape[NNX_MAX_RANK], total;
    CHECK(string_pair(c, in, n_in, &x, &y, &rank, shape, &total));
    unsigned char *z = ox_calloc(c, (size_t)total + 1, 1);
    if (!z)
        return c->nerr.status;
    for (uint32_t k = 0; k < total; k++) {
        uint32_t i = bcast_index(x, k, rank, shape), j = bcast_index(y, k, rank, shape);
        z[k] = x->len[i] == y->len[j] && memcmp(x->s[i], y->s[j], x->len[i]) == 0;
    }
    nnx_status st = num_result(c, NNX_BOOL, rank, shape, z, &out[0]);
    nnx_mem_free(c->ir->alloc, z);
    return st;
}

/* ---------------------------------------------------------------- StringSplit */

static bool is_space(char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); }

/* The pieces of s[0, len) (at most max_pieces + 1 pieces kept in piece/plen when non-NULL):
 * Python's str.split(sep, maxsplit) — a delimiter splits at each occurrence; none (empty)
 * splits at runs of ASCII whitespace, ignoring them at both ends. maxsplit < 0: unlimited. */
static uint32_t split(const char *s, size_t len, const char *sep, size_t sl, int64_t maxsplit, const char **piece,
                      uint32_t *plen)
{
    uint32_t m = 0;
    size_t i = 0;
    if (sl) {
        size_t start = 0;
        while (i + sl <= len && (maxsplit < 0 || (int64_t)m < maxsplit)) {
            if (memcmp(s + i, sep, sl) == 0) {
                if (piece) {
                    piece[m] = s + start;
                    plen[m] = (uint32_t)(i - start);
                }
                m++;
                i += sl;
                start = i;
            } else {
                i++;
            }
        }
        if (piece) {
            piece[m] = s + start;
            plen[m] = (uint32_t)(len - start);
        }
        return m + 1;
    }
    for (;;) {
        while (i < len && is_space(s[i]))
            i++;
        if (i == len)
            return m;
        size_t start = i;
        if (maxsplit >= 0 && (int64_t)m == maxsplit)
            i = len; /* the rest, its trailing whitespace kept (as Python does) */
        else
            while (i < len && !is_space(s[i]))
                i++;
        if (piece) {
            piece[m] = s + start;
            plen[m] = (uint32_t)(i - start);
        }
        m++;
    }
}

/* ONNX Operators, StringSplit: y = x.shape + [the most pieces] padded with "", z (int64,
 * x.shape) the number of pieces of each element. maxsplit absent: unlimited. */
nnx_status nnx_onnx_op_string_split(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    const ox_strt *x = ox_str_in(c, in, n_in, 0);
    if (!x)
        return c->nerr.status;
    if (x->rank >= NNX_MAX_RANK)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the input has rank %u (at most %d)", x->rank, NNX_MAX_RANK - 1);
    const Onnx__AttributeProto *d = ox_attr(n, "delimiter");
    const char *sep = d && d->has_s ? (const char *)d->s.data : "";
    size_t sl = d && d->has_s ? d->s.len : 0;
    int64_t maxsplit = ox_attr(n, "maxsplit") ? ox_attr_i(n, "maxsplit", -1) : -1;
    if (maxsplit < 0 && ox_attr(n, "maxsplit"))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "maxsplit %lld is negative", (long long)maxsplit);
    int64_t *counts = ox_calloc(c, (size_t)x->n + 1, sizeof *counts);
    if (!counts)
        return c->nerr.status;
    uint32_t most = 0;
    for (uint32_t k = 0; k < x->n; k++) {
        uint32_t m = split(x->s[k], x->len[k], sep, sl, maxsplit, NULL, NULL);
        counts[k] = m;
        most = m > most ? m : most;
    }
    nnx_status st = NNX_OK;
    uint64_t total = (uint64_t)x->n * most;
    if (total > OX_MAX_STRINGS)
        st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the result holds more than %u strings", OX_MAX_STRINGS);
    scratch w = {0};
    if (st == NNX_OK)
        st = scratch_get(c, &w, (size_t)total, 0);
    for (uint32_t k = 0; st == NNX_OK && k < x->n; k++) {
        const char **row = w.s + (size_t)k * most;
        uint32_t m = split(x->s[k], x->len[k], sep, sl, maxsplit, row, w.len + (size_t)k * most);
        for (uint32_t j = m; j < most; j++)
            row[j] = "";
    }
    /* x points into the table, which ox_str_new may move: its shape is copied first */
    uint32_t rank = x->rank, shape[NNX_MAX_RANK];
    memcpy(shape, x->shape, rank * sizeof *shape);
    shape[rank] = most;
    if (st == NNX_OK && n->n_output > 1)
        st = num_result(c, NNX_INT64, rank, shape, counts, &out[1]);
    if (st == NNX_OK)
        st = ox_str_new(c, rank + 1, shape, w.s, w.len, &out[0]);
    scratch_free(c, &w);
    nnx_mem_free(c->ir->alloc, counts);
    return st;
}

/* ---------------------------------------------------------------- Cast to and from STRING */

/* Element i of a numeric tensor as text into buf (at most 40 bytes): integers in decimal,
 * bool as numpy's True / False, floats in the fewest significant digits that read back to
 * the same value of their type (float64: as a double, the others as a float) — the form
 * numpy's str gives and the ONNX backend data holds; NaN, INF, -INF as ONNX Cast names them. */
static int format_elem(nnx_dtype dt, const void *p, size_t i, char *buf, size_t size)
{
    if (dt == NNX_BOOL)
        return snprintf(buf, size, "%s", ((const unsigned char *)p)[i] ? "True" : "False");
    if (!nnx_dtype_is_float(dt)) {
        if (dt == NNX_UINT64)
            return snprintf(buf, size, "%llu", (unsigned long long)nnx_load_u(dt, p, i));
        return snprintf(buf, size, "%lld", (long long)nnx_load_i(dt, p, i));
    }
    double v = nnx_load_f(dt, p, i);
    if (isnan(v))
        return snprintf(buf, size, "NaN");
    if (isinf(v))
        return snprintf(buf, size, "%s", v < 0 ? "-INF" : "INF");
    int len = 0;
    for (int digits = 1; digits <= 17; digits++) {
        len = snprintf(buf, size, "%.*g", digits, v);
        double back = strtod(buf, NULL);
        if (dt == NNX_FLOAT64 ? back == v : (float)back == (float)v)
            break;
    }
    return len;
}

/* x (numeric, known at load) as strings. */
static nnx_status cast_to_string(ox *c, uint32_t x, uint32_t *out)
{
    const void *p = ox_known(c, x);
    if (!p)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "a cast to STRING needs its input known when the model is loaded (strings are load-time "
                       "values)");
    nnx_operand_desc d = ox_desc(c, x);
    uint64_t count;
    nnx_desc_elements(&d, &count);
    if (count > OX_MAX_STRINGS)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a string tensor of more than %u elements", OX_MAX_STRINGS);
    scratch w;
    CHECK(scratch_get(c, &w, (size_t)count, (size_t)count * 48));
    for (size_t k = 0; k < count; k++) {
        char *q = w.text + k * 48;
        int l = format_elem(d.dtype, p, k, q, 48);
        w.s[k] = q;
        w.len[k] = l > 0 ? (uint32_t)l : 0;
    }
    nnx_status st = ox_str_new(c, d.rank, d.shape, w.s, w.len, out);
    scratch_free(c, &w);
    return st;
}

/* x (strings) read as numbers of type `to` (ONNX Operators, Cast: plain and scientific
 * forms; NaN, INF, +INF, -INF in any case, as strtod reads them): float32 with strtof (one
 * rounding), the other float types through float64, integers through int64 (a fraction or
 * exponent read as a double and truncated, which the spec allows), then ONNX Cast. Text
 * that is not a number, which the spec leaves undefined, is INVALID_ARGUMENT naming it. */
static nnx_status cast_from_string(ox *c, const Onnx__NodeProto *n, const ox_strt *x, nnx_dtype to, uint32_t *out)
{
    bool f32 = to == NNX_FLOAT32, flt = nnx_dtype_is_float(to);
    nnx_dtype via = f32 ? NNX_FLOAT32 : flt ? NNX_FLOAT64 : NNX_INT64;
    void *v = ox_calloc(c, (size_t)x->n + 1, 8);
    if (!v)
        return c->nerr.status;
    nnx_status st = NNX_OK;
    for (uint32_t k = 0; st == NNX_OK && k < x->n; k++) {
        char *end;
        const char *s = x->s[k];
        if (f32)
            ((float *)v)[k] = strtof(s, &end);
        else if (flt)
            ((double *)v)[k] = strtod(s, &end);
        else {
            ((int64_t *)v)[k] = strtoll(s, &end, 10);
            if (*end) /* "100.5" or "1e3" to an integer: read as a number, truncated */
                ((int64_t *)v)[k] = ox_f2i(strtod(s, &end));
        }
        while (is_space(*end))
            end++;
        if (end == s || *end || strlen(s) != x->len[k])
            st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "element %u '%.64s' is not a number", k, s);
    }
    uint32_t id;
    if (st == NNX_OK)
        st = num_result(c, via, x->rank, x->shape, v, &id);
    nnx_mem_free(c->ir->alloc, v);
    if (st == NNX_OK && via == to)
        out[0] = id;
    else if (st == NNX_OK)
        st = ox_onnx_cast(c, n, id, to, &out[0]);
    return st;
}

/* ONNX Operators, Cast / CastLike when a string is involved. */
static nnx_status op_cast_string(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    bool like = strcmp(n->op_type, "CastLike") == 0;
    if (like && (n_in < 2 || in[1] == NNX_NONE))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input 1 is required");
    int64_t to_attr = like ? 0 : ox_attr_i(n, "to", 0);
    bool to_str = like ? ox_is_str(in[1]) : to_attr == OX_ONNX_STRING;
    const ox_strt *x = ox_str_get(c, in[0]);
    if (!x)
        return to_str ? cast_to_string(c, in[0], &out[0]) : ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "bad cast");
    if (to_str) {
        out[0] = in[0]; /* STRING to STRING */
        return NNX_OK;
    }
    nnx_dtype to = like ? ox_desc(c, in[1]).dtype : nnx_onnx_dtype((int32_t)to_attr);
    if (to == NNX_DTYPE_UNDEFINED)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "cast of strings to ONNX data type %lld", (long long)to_attr);
    return cast_from_string(c, n, x, to, out);
}

/* ---------------------------------------------------------------- dispatch */

bool nnx_onnx_takes_strings(const char *op_type)
{
    static const char *const names[] = {
        "Identity",     "Cast",        "CastLike",       "Equal",        "StringNormalizer",
        "StringConcat", "StringSplit", "RegexFullMatch", "LabelEncoder",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], op_type) == 0)
            return true;
    return false;
}

ox_fn nnx_onnx_string_fn(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in)
{
    bool any = false;
    for (uint32_t k = 0; k < n_in; k++)
        any |= ox_is_str(in[k]);
    const char *t = n->op_type ? n->op_type : "";
    bool dflt = !n->domain || !n->domain[0] || strcmp(n->domain, "ai.onnx") == 0;
    if (!dflt)
        return NULL;
    if (strcmp(t, "Equal") == 0 && any)
        return op_equal_string;
    if (strcmp(t, "Cast") == 0 && (any || ox_attr_i(n, "to", 0) == OX_ONNX_STRING))
        return op_cast_string;
    if (strcmp(t, "CastLike") == 0 && any)
        return op_cast_string;
    (void)c;
    return NULL;
}
