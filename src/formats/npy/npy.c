/* npy.c — NumPy .npy files: "\x93NUMPY", version, header length (2 bytes for 1.0, 4 for 2.0
 * and 3.0), a Python dict literal, the items. Reading follows numpy/lib/format.py's rules
 * but parses the dict itself, strictly; writing reproduces numpy.save's bytes.
 *
 * Decisions (the format description leaves these to the reader):
 *  N1 Versions 1.0, 2.0 and 3.0 only; any other (minor included) is NOT_SUPPORTED.
 *  N2 The header is ASCII: '{', then 'key': value pairs separated by ',' with an optional
 *     trailing ',', then '}'. Strings are '...' or "..." of printable characters without
 *     backslashes; blanks are spaces and tabs. After '}' only blanks may follow, and the
 *     header's last byte must be '\n'. The header may be any length (numpy pads to 64 bytes
 *     today, to 16 in older releases; neither is required).
 *  N3 Exactly the keys 'descr', 'fortran_order' and 'shape', in any order, each once.
 *  N4 'shape' is a tuple of decimal integers without sign or leading zeros: (), (N,),
 *     (N, M[,]) — (N) is an integer, not a tuple, so an error. Versions 1.0 and 2.0 accept
 *     a Python 2 'L' suffix (numpy filters it there too). Rank above 8 and an extent above
 *     2^32-1 are NOT_SUPPORTED; extents may be 0 (empty arrays).
 *  N5 'descr' accepted: '<' or '>' with f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 b1, and '|' with
 *     the one-byte i1 u1 b1. Big-endian items are read as they are (info->big_endian) and
 *     swapped by nnx_npy_copy_out. Native ('='; numpy.save never writes it), structured (a
 *     list) and every other type (complex, strings, objects, datetimes) are NOT_SUPPORTED,
 *     quoting the descriptor.
 *  N6 fortran_order True is read (info->fortran_order): nnx_npy_copy_out transposes the
 *     column-major items into nnx's row-major order; the shape is the logical one either way.
 *  N7 The bytes after the header must be exactly volume * itemsize: fewer is "truncated",
 *     more is an error too (numpy.load ignores them; a file that is longer than its header
 *     says was not written by numpy.save). The product is checked for overflow.
 *  N8 Bool items must be 0 or 1 (nnx's bool invariant); anything else is an error.
 *  N9 The writer emits version 1.0 exactly as numpy 1.24 does: keys sorted, repr spacing,
 *     21 - len(str(shape[0])) spaces of growth room when rank > 0, then spaces and '\n' up
 *     to the next multiple of 64 — a full 64 spaces when already aligned, as numpy does. */
#include "formats/npy/npy.h"

#include "base/checked.h"
#include "base/strbuf.h"
#include "ir/dtypes.h"

#include <stdio.h>
#include <string.h>

#define MAGIC "\x93NUMPY"
#define MAGIC_LEN 6
#define GROWTH_DIGITS 21 /* numpy's GROWTH_AXIS_MAX_DIGITS */
#define ALIGN 64
#define MAX_SHOWN 16 /* characters of a descriptor quoted in messages */

/* The descriptor codes nnx reads and writes; '<' (or '|' for one-byte types) in front. */
static const struct {
    char code[3];
    nnx_dtype dtype;
} kTypes[] = {
    {"f2", NNX_FLOAT16}, {"f4", NNX_FLOAT32}, {"f8", NNX_FLOAT64}, {"i1", NNX_INT8},
    {"i2", NNX_INT16},   {"i4", NNX_INT32},   {"i8", NNX_INT64},   {"u1", NNX_UINT8},
    {"u2", NNX_UINT16},  {"u4", NNX_UINT32},  {"u8", NNX_UINT64},  {"b1", NNX_BOOL},
};

static const char *path_of(const char *path) { return path ? path : "<memory>"; }

/* ------------------------------------------------------------------ header lexer */

/* A span of header text (not NUL-terminated). */
typedef struct span {
    const char *s;
    size_t n;
} span;

typedef struct parser {
    const char *text; /* the header (after the length field) */
    size_t len, pos;
    size_t base;        /* file offset of text[0], for messages */
    bool python2_longs; /* versions 1.0 and 2.0: "3L" is an integer */
    nnx_npy_info *info;
    nnx_error *err;
} parser;

static nnx_status fail_at(parser *p, const char *what)
{
    return nnx_error_set(p->err, NNX_ERROR_INVALID_MODEL, "%s: error: header: %s (offset %zu)", path_of(p->info->path),
                         what, p->base + p->pos);
}

/* "expected X, found 'c'" / "found byte 0xNN" / "found the end of the header". */
static nnx_status expected(parser *p, const char *what)
{
    char msg[128];
    if (p->pos >= p->len)
        snprintf(msg, sizeof msg, "expected %s, found the end of the header", what);
    else if (p->text[p->pos] == '\'')
        snprintf(msg, sizeof msg, "expected %s, found \"'\"", what);
    else if (p->text[p->pos] > ' ' && p->text[p->pos] < 0x7f)
        snprintf(msg, sizeof msg, "expected %s, found '%c'", what, p->text[p->pos]);
    else
        snprintf(msg, sizeof msg, "expected %s, found byte 0x%02X", what, (unsigned)(unsigned char)p->text[p->pos]);
    return fail_at(p, msg);
}

static void skip_blanks(parser *p)
{
    while (p->pos < p->len && (p->text[p->pos] == ' ' || p->text[p->pos] == '\t'))
        p->pos++;
}

/* Consumes c (after blanks) if it is next. */
static bool accept(parser *p, char c)
{
    skip_blanks(p);
    if (p->pos < p->len && p->text[p->pos] == c) {
        p->pos++;
        return true;
    }
    return false;
}

static nnx_status parse_string(parser *p, span *out)
{
    skip_blanks(p);
    if (p->pos >= p->len || (p->text[p->pos] != '\'' && p->text[p->pos] != '"'))
        return expected(p, "a string");
    char quote = p->text[p->pos++];
    size_t start = p->pos;
    for (; p->pos < p->len && p->text[p->pos] != quote; p->pos++) {
        unsigned char c = (unsigned char)p->text[p->pos];
        if (c == '\n')
            break; /* the header's final newline: the string never ended */
        if (c < ' ' || c >= 0x7f || c == '\\')
            return fail_at(p, "strings hold printable ASCII characters without escapes");
    }
    if (p->pos >= p->len || p->text[p->pos] != quote)
        return fail_at(p, "unterminated string");
    *out = (span){p->text + start, p->pos - start};
    p->pos++;
    return NNX_OK;
}

/* Consumes the identifier word if it is next (and not the prefix of a longer word). */
static bool accept_word(parser *p, const char *word)
{
    size_t n = strlen(word);
    skip_blanks(p);
    if (p->len - p->pos < n || memcmp(p->text + p->pos, word, n) != 0)
        return false;
    if (p->pos + n < p->len) {
        char next = p->text[p->pos + n];
        if ((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || (next >= '0' && next <= '9') || next == '_')
            return false;
    }
    p->pos += n;
    return true;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* A decimal integer (N4): no sign, no leading zeros, at most 2^64-1, optional 'L'. */
static nnx_status parse_extent(parser *p, uint64_t *out)
{
    skip_blanks(p);
    if (p->pos >= p->len || !is_digit(p->text[p->pos]))
        return expected(p, "an integer extent");
    size_t start = p->pos;
    uint64_t v = 0;
    for (; p->pos < p->len && is_digit(p->text[p->pos]); p->pos++) {
        if (!nnx_mul_u64(v, 10, &v) || !nnx_add_u64(v, (uint64_t)(p->text[p->pos] - '0'), &v)) {
            p->pos = start;
            return fail_at(p, "shape extent does not fit in 64 bits");
        }
    }
    if (p->pos - start > 1 && p->text[start] == '0') {
        p->pos = start;
        return fail_at(p, "shape extent has a leading zero");
    }
    if (p->python2_longs && p->pos < p->len && p->text[p->pos] == 'L')
        p->pos++;
    *out = v;
    return NNX_OK;
}

/* ------------------------------------------------------------------ the dict */

/* What the dict said, before its values are checked against each other. */
typedef struct header {
    span descr;
    size_t descr_at; /* file offset of the descr value, for messages */
    bool fortran;
    uint64_t rank; /* may exceed NNX_MAX_RANK; only the first extents are kept */
    uint64_t extents[NNX_MAX_RANK];
    unsigned seen; /* bit per key: 1 descr, 2 fortran_order, 4 shape */
} header;

static nnx_status parse_descr(parser *p, header *h)
{
    skip_blanks(p);
    if (p->pos < p->len && p->text[p->pos] == '[')
        return nnx_error_set(p->err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: structured data types (a list 'descr') are not supported (offset %zu)",
                             path_of(p->info->path), p->base + p->pos);
    h->descr_at = p->base + p->pos;
    return parse_string(p, &h->descr);
}

static nnx_status parse_fortran(parser *p, header *h)
{
    if (accept_word(p, "True"))
        h->fortran = true;
    else if (!accept_word(p, "False"))
        return expected(p, "True or False for 'fortran_order'");
    return NNX_OK;
}

static nnx_status parse_shape(parser *p, header *h)
{
    if (!accept(p, '('))
        return expected(p, "'(' to start the shape tuple");
    if (accept(p, ')'))
        return NNX_OK; /* () : a scalar */
    for (;;) {
        uint64_t extent = 0;
        nnx_status st = parse_extent(p, &extent);
        if (st != NNX_OK)
            return st;
        if (h->rank < NNX_MAX_RANK)
            h->extents[h->rank] = extent;
        h->rank++;
        if (accept(p, ')')) {
            if (h->rank == 1)
                return fail_at(p, "shape (N) is an integer, not a tuple: write (N,)");
            return NNX_OK;
        }
        if (!accept(p, ','))
            return expected(p, "',' or ')' in the shape tuple");
        if (accept(p, ')'))
            return NNX_OK;
    }
}

static nnx_status parse_entry(parser *p, header *h)
{
    static const char *const keys[] = {"descr", "fortran_order", "shape"};
    size_t key_at = p->pos;
    span key;
    nnx_status st = parse_string(p, &key);
    if (st != NNX_OK)
        return st;
    unsigned k = 0;
    while (k < 3 && !(strlen(keys[k]) == key.n && memcmp(keys[k], key.s, key.n) == 0))
        k++;
    char msg[96];
    if (k == 3 || (h->seen & (1u << k))) {
        p->pos = key_at;
        skip_blanks(p);
        snprintf(msg, sizeof msg,
                 k == 3 ? "unknown key '%.*s' (the keys are 'descr', 'fortran_order', 'shape')"
                        : "key '%.*s' given twice",
                 (int)(key.n > MAX_SHOWN ? MAX_SHOWN : key.n), key.s);
        return fail_at(p, msg);
    }
    h->seen |= 1u << k;
    if (!accept(p, ':'))
        return expected(p, "':' after the key");
    return k == 0 ? parse_descr(p, h) : k == 1 ? parse_fortran(p, h) : parse_shape(p, h);
}

/* N2, N3: the whole header text. */
static nnx_status parse_dict(parser *p, header *h)
{
    if (!accept(p, '{'))
        return expected(p, "'{' to start the header dictionary");
    while (!accept(p, '}')) {
        nnx_status st = parse_entry(p, h);
        if (st != NNX_OK)
            return st;
        if (accept(p, ','))
            continue;
        skip_blanks(p);
        if (p->pos >= p->len || p->text[p->pos] != '}')
            return expected(p, "',' or '}' after a value");
    }
    skip_blanks(p);
    if (p->pos + 1 != p->len || p->text[p->pos] != '\n')
        return p->pos >= p->len ? fail_at(p, "the header must end with a newline")
                                : expected(p, "only blanks and a final newline after '}'");
    if (h->seen != 7) {
        const char *missing = !(h->seen & 1) ? "descr" : !(h->seen & 2) ? "fortran_order" : "shape";
        char msg[64];
        snprintf(msg, sizeof msg, "key '%s' is missing", missing);
        return fail_at(p, msg);
    }
    return NNX_OK;
}

/* ------------------------------------------------------------------ checks on the values */

static nnx_status map_descr(const header *h, nnx_npy_info *info, nnx_error *err)
{
    span d = h->descr;
    int shown = (int)(d.n > MAX_SHOWN ? MAX_SHOWN : d.n);
    if (d.n == 3 && (d.s[0] == '<' || d.s[0] == '|' || d.s[0] == '>')) {
        for (size_t i = 0; i < sizeof kTypes / sizeof kTypes[0]; i++) {
            if (memcmp(kTypes[i].code, d.s + 1, 2) != 0)
                continue;
            if (d.s[0] == '|' && nnx_dtype_size(kTypes[i].dtype) != 1)
                break;
            memcpy(info->descr, d.s, 3);
            info->descr[3] = '\0';
            info->dtype = kTypes[i].dtype;
            info->big_endian = d.s[0] == '>' && nnx_dtype_size(kTypes[i].dtype) > 1;
            return NNX_OK;
        }
    }
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                         "%s: error: data type '%.*s' is not supported (nnx reads bool, int8..int64, "
                         "uint8..uint64, float16, float32 and float64, '<' or '>' byte order) (offset %zu)",
                         path_of(info->path), shown, d.s, h->descr_at);
}

/* "(2, 3, 4)" of the first extents, for messages. */
static const char *shape_text(const header *h, char *buf, size_t size)
{
    size_t n = 0;
    nnx_str_put(buf, size, &n, "(");
    for (uint64_t i = 0; i < h->rank && i < NNX_MAX_RANK; i++) {
        char num[24];
        snprintf(num, sizeof num, i ? ", %llu" : "%llu", (unsigned long long)h->extents[i]);
        nnx_str_put(buf, size, &n, num);
    }
    nnx_str_put(buf, size, &n, h->rank == 1 ? ",)" : ")");
    return buf;
}

/* N4, N6, N7: the shape against the type and the bytes that follow the header. */
static nnx_status check_shape(const header *h, size_t available, nnx_npy_info *info, nnx_error *err)
{
    const char *path = path_of(info->path);
    char shape[256];
    if (h->rank > NNX_MAX_RANK)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: rank %llu is above nnx's limit of %d", path,
                             (unsigned long long)h->rank, NNX_MAX_RANK);
    bool empty = false, overflow = false;
    for (uint32_t i = 0; i < h->rank; i++)
        empty |= h->extents[i] == 0;
    uint64_t volume = empty ? 0 : 1; /* with a zero extent, the others may be anything */
    for (uint32_t i = 0; i < h->rank && !empty; i++)
        overflow |= !nnx_mul_u64(volume, h->extents[i], &volume);
    size_t bytes;
    if (overflow || volume > SIZE_MAX || !nnx_mul_size((size_t)volume, nnx_dtype_size(info->dtype), &bytes))
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                             "%s: error: shape %s overflows: its data would not fit in "
                             "memory",
                             path, shape_text(h, shape, sizeof shape));
    if (available != bytes)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                             available < bytes ? "%s: error: truncated: shape %s of %s needs %zu data bytes, the file "
                                                 "has %zu"
                                               : "%s: error: shape %s of %s needs %zu data bytes, the file has %zu "
                                                 "(extra bytes after the data)",
                             path, shape_text(h, shape, sizeof shape), info->descr, bytes, available);
    for (uint32_t i = 0; i < h->rank; i++) {
        if (h->extents[i] > UINT32_MAX)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: shape %s: extent %llu is above 2^32-1", path,
                                 shape_text(h, shape, sizeof shape), (unsigned long long)h->extents[i]);
        info->shape[i] = (uint32_t)h->extents[i];
    }
    info->rank = (uint32_t)h->rank;
    info->fortran_order = h->fortran;
    info->volume = volume;
    info->data_size = bytes;
    return NNX_OK;
}

/* N8 */
static nnx_status check_bools(const nnx_npy_info *info, nnx_error *err)
{
    const uint8_t *b = info->data;
    for (size_t i = 0; i < info->data_size; i++)
        if (b[i] > 1)
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                                 "%s: error: bool item %zu is %u, not 0 or 1 (offset %zu)", path_of(info->path), i,
                                 b[i], info->data_offset + i);
    return NNX_OK;
}

/* ------------------------------------------------------------------ the file */

/* Magic, version (N1) and the header length field; sets info->version and *header_at,
 * *header_len. */
static nnx_status parse_prefix(const uint8_t *b, size_t size, nnx_npy_info *info, size_t *header_at, size_t *header_len,
                               nnx_error *err)
{
    const char *path = path_of(info->path);
    for (size_t i = 0; i < MAGIC_LEN; i++) {
        if (i == size)
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                                 "%s: error: truncated: the file ends inside the magic "
                                 "string (offset %zu)",
                                 path, i);
        if (b[i] != (uint8_t)MAGIC[i])
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                                 "%s: error: not a .npy file: bad magic string, it must "
                                 "start with \\x93NUMPY (offset %zu)",
                                 path, i);
    }
    if (size < MAGIC_LEN + 2)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                             "%s: error: truncated: the file ends inside the version "
                             "(offset %zu)",
                             path, size);
    info->version[0] = b[6];
    info->version[1] = b[7];
    if (b[6] < 1 || b[6] > 3 || b[7] != 0)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: format version %u.%u is not supported (nnx "
                             "reads 1.0, 2.0 and 3.0) (offset 6)",
                             path, b[6], b[7]);
    size_t field = b[6] == 1 ? 2 : 4;
    *header_at = MAGIC_LEN + 2 + field;
    if (size < *header_at)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                             "%s: error: truncated: the file ends inside the header "
                             "length (offset %zu)",
                             path, size);
    *header_len = b[8] | (size_t)b[9] << 8;
    if (field == 4)
        *header_len |= (size_t)b[10] << 16 | (size_t)b[11] << 24;
    if (*header_len > size - *header_at)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                             "%s: error: truncated: the header length is %zu bytes, the "
                             "file has %zu after the length field (offset 8)",
                             path, *header_len, size - *header_at);
    return NNX_OK;
}

nnx_status nnx_npy_parse(const void *bytes, size_t size, const char *path, nnx_npy_info *info, nnx_error *err)
{
    memset(info, 0, sizeof *info);
    info->path = path;
    const uint8_t *b = bytes;
    size_t header_at = 0, header_len = 0;
    nnx_status st = parse_prefix(b, size, info, &header_at, &header_len, err);
    if (st != NNX_OK)
        return st;
    parser p = {(const char *)b + header_at, header_len, 0, header_at, info->version[0] < 3, info, err};
    header h = {0};
    if ((st = parse_dict(&p, &h)) != NNX_OK || (st = map_descr(&h, info, err)) != NNX_OK)
        return st;
    info->data_offset = header_at + header_len; /* <= size: checked by parse_prefix */
    info->data = b + info->data_offset;
    if ((st = check_shape(&h, size - info->data_offset, info, err)) != NNX_OK)
        return st;
    return info->dtype == NNX_BOOL ? check_bools(info, err) : NNX_OK;
}

/* Row-major offset (in items) of the item at column-major position i (N6). */
static uint64_t c_index(const nnx_npy_info *info, uint64_t i)
{
    uint64_t at = 0, strides[NNX_MAX_RANK], s = 1;
    for (uint32_t k = info->rank; k-- > 0;) { /* row-major: last axis fastest; no overflow: s <= volume */
        strides[k] = s;
        s *= info->shape[k];
    }
    for (uint32_t k = 0; k < info->rank; k++) { /* column-major: first axis fastest */
        at += (i % info->shape[k]) * strides[k];
        i /= info->shape[k];
    }
    return at;
}

nnx_status nnx_npy_copy_out(const nnx_npy_info *info, void *dst, size_t dst_size, nnx_error *err)
{
    if (dst_size != info->data_size || (info->data_size && !dst))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: the output has %zu bytes, the data %zu",
                             path_of(info->path), dst_size, info->data_size);
    if (!info->data_size)
        return NNX_OK;
    size_t esize = nnx_dtype_size(info->dtype);
    if (!info->big_endian && (!info->fortran_order || info->rank <= 1)) {
        memcpy(dst, info->data, info->data_size);
        return NNX_OK;
    }
    const uint8_t *src = info->data;
    uint8_t *out = dst;
    bool transpose = info->fortran_order && info->rank > 1;
    for (uint64_t i = 0; i < info->volume; i++) {
        uint8_t *q = out + (transpose ? c_index(info, i) : i) * esize; /* < data_size: i < volume */
        const uint8_t *p = src + i * esize;
        for (size_t b = 0; b < esize; b++)
            q[b] = p[info->big_endian ? esize - 1 - b : b];
    }
    return NNX_OK;
}

/* ------------------------------------------------------------------ writing (N9) */

const char *nnx_npy_descr(nnx_dtype dtype)
{
    static const char *const little[] = {"<f2", "<f4", "<f8", "|i1", "<i2", "<i4",
                                         "<i8", "|u1", "<u2", "<u4", "<u8", "|b1"};
    for (size_t i = 0; i < sizeof kTypes / sizeof kTypes[0]; i++)
        if (kTypes[i].dtype == dtype)
            return little[i];
    return NULL;
}

/* The header text numpy writes, without the padding; returns its length (< size). */
static size_t header_text(const char *descr, const uint32_t *shape, uint32_t rank, char *buf, size_t size)
{
    size_t n = 0;
    char part[24];
    nnx_str_put(buf, size, &n, "{'descr': '");
    nnx_str_put(buf, size, &n, descr);
    nnx_str_put(buf, size, &n, "', 'fortran_order': False, 'shape': (");
    for (uint32_t i = 0; i < rank; i++) {
        snprintf(part, sizeof part, i ? ", %u" : "%u", shape[i]);
        nnx_str_put(buf, size, &n, part);
    }
    nnx_str_put(buf, size, &n, rank == 1 ? ",), }" : "), }");
    if (rank > 0) {
        int digits = snprintf(part, sizeof part, "%u", shape[0]);
        for (int i = digits; i < GROWTH_DIGITS; i++)
            nnx_str_put(buf, size, &n, " ");
    }
    return n;
}

/* Bytes of magic, version, length field and padded header. */
static size_t prefix_size(size_t text_len)
{
    size_t unpadded = MAGIC_LEN + 2 + 2 + text_len + 1; /* + the final '\n' */
    return unpadded + (ALIGN - unpadded % ALIGN);
}

static nnx_status data_bytes(nnx_dtype dtype, const uint32_t *shape, uint32_t rank, size_t *bytes, nnx_error *err)
{
    const char *name = nnx_dtype_name(dtype);
    if (!nnx_npy_descr(dtype))
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "npy: error: numpy has no data type for %s",
                             name ? name : "an invalid dtype");
    if (rank > NNX_MAX_RANK || (rank > 0 && !shape))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "npy: error: rank %u is above %d or the shape is missing",
                             rank, NNX_MAX_RANK);
    nnx_operand_desc d = {.dtype = dtype, .rank = rank};
    if (rank)
        memcpy(d.shape, shape, rank * sizeof *shape);
    if (!nnx_desc_bytes(&d, bytes))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "npy: error: the shape's byte size overflows");
    return NNX_OK;
}

nnx_status nnx_npy_encoded_size(nnx_dtype dtype, const uint32_t *shape, uint32_t rank, size_t *size, nnx_error *err)
{
    size_t bytes;
    nnx_status st = data_bytes(dtype, shape, rank, &bytes, err);
    if (st != NNX_OK)
        return st;
    char text[256];
    if (!nnx_add_size(prefix_size(header_text(nnx_npy_descr(dtype), shape, rank, text, sizeof text)), bytes, size))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "npy: error: the file size overflows");
    return NNX_OK;
}

nnx_status nnx_npy_write(nnx_dtype dtype, const uint32_t *shape, uint32_t rank, const void *data, size_t data_size,
                         void *out, size_t out_size, size_t *written, nnx_error *err)
{
    size_t bytes, total;
    nnx_status st = nnx_npy_encoded_size(dtype, shape, rank, &total, err);
    if (st != NNX_OK || (st = data_bytes(dtype, shape, rank, &bytes, err)) != NNX_OK)
        return st;
    if (data_size != bytes || (bytes && !data))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "npy: error: the data has %zu bytes, the shape needs %zu",
                             data_size, bytes);
    if (out_size < total || !out)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "npy: error: the output has %zu bytes, the file needs %zu", out_size, total);
    char text[256];
    size_t text_len = header_text(nnx_npy_descr(dtype), shape, rank, text, sizeof text);
    size_t prefix = prefix_size(text_len), header_len = prefix - (MAGIC_LEN + 4);
    uint8_t *o = out;
    memcpy(o, MAGIC, MAGIC_LEN);
    o[6] = 1;
    o[7] = 0;
    o[8] = (uint8_t)header_len;
    o[9] = (uint8_t)(header_len >> 8);
    memcpy(o + 10, text, text_len);
    memset(o + 10 + text_len, ' ', prefix - 1 - (10 + text_len));
    o[prefix - 1] = '\n';
    if (bytes)
        memcpy(o + prefix, data, bytes);
    *written = total;
    return NNX_OK;
}
