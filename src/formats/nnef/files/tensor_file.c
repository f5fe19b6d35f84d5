/* tensor_file.c — NNEF .dat tensor files (NNEF 1.0.2 §5.2; NNEF decision 36–43):
 * header validation field by field, decoding of the packed item stream into nnx buffers
 * (straight from the caller's bytes, e.g. a mapped file), and the writer.
 *
 * Decisions where the spec is silent or ambiguous (also among the NNEF decisions):
 *  D1 (#36) Code word. The 4 bytes at offset 48 are one little-endian uint32 (all data is
 *     little-endian, §5.2): vendor = code >> 16 (bytes 50-51), algorithm = code & 0xFFFF
 *     (bytes 48-49), as the Khronos reference reads it; Khronos codes are then plainly
 *     0x00, 0x01, 0x10, 0x11. A nonzero vendor or an unknown algorithm is an error that
 *     quotes the whole code word.
 *  D2 (#37) Bit order. Items whose width is a multiple of 8 are little-endian byte groups
 *     (§5.2 "little-endian byte order"; 8/16/32/64 bits are then plain arrays). Other
 *     widths form one MSB-first bit stream: item i occupies stream bits [i*b, (i+1)*b),
 *     most significant bit first, and stream bit k is bit 7 - k%8 of byte k/8 — the packing
 *     of the reference's 1-bit items and numpy.packbits. The last byte's padding bits should
 *     be zero (§5.2); nonzero padding is only a warning.
 *  D3 (#39) Signed logarithmic. min == -max marks signed items, min == 0 unsigned (§5.2).
 *     In a signed b-bit code the most significant bit is the sign (1 = negative) and the low
 *     b-1 bits are the magnitude code q with r = 2^(b-1) - 1; value = +-2^(q + m - r),
 *     m = ceil(log2 max) (computed exactly with frexp). Following §5.2's formula, q = 0 is
 *     2^(m - r), so 0 is not representable (encoding clamps log2 0 = -inf to m - r).
 *     b = 1 signed leaves no magnitude bits: the items are +-2^m.
 *  D4 (#43) Version. Major must be 1. A minor above 0 is accepted with
 *     NNX_NNEF_WARN_VERSION: a minor revision keeps the layout, and every field is still
 *     validated, so a file that used something new fails on that field by name.
 *  D5 Extents. Rank 0..8 (rank 0: a scalar, volume 1). Extents up to the rank must be
 *     positive (§4.1.3 variable: "items in shape must be strictly positive"); extents beyond
 *     the rank "must be filled with zeros" (§5.2), else an error.
 *  D6 Bits per item: float 16/32/64 (§5.2); integer, linear and logarithmic 1..64 ("at most
 *     64"; 0 stores nothing and is rejected); later-scheme Bool 1 or 8.
 *  D7 (#42) data length must equal ceil(volume * bits / 8), computed in 64 bits with
 *     overflow checks; the file must hold 128 + data length bytes; bytes after that are a
 *     warning. Nonzero reserved bytes (84..127; "should be filled with zeros") and nonzero
 *     parameter bytes the code does not use are warnings, not errors.
 *  D8 Later item-type scheme (item-type codes of later NNEF tensor files, read for
 *     compatibility): 2 Quint and 3 Qint
 *     are unsigned/signed integer codes whose meaning lives in graph.quant (info->quantized),
 *     4 Int is signed, 5 Bool is 1 bit (MSB-first, D2) or 8 bits with any nonzero item
 *     true, as the reference casts it. Code 1 is signed iff its first parameter word is
 *     nonzero, so later-scheme Uint files (zeros there) read as unsigned in both schemes.
 *  D9 (#40) Linear: min and max finite and different (max == min makes encoding divide by
 *     zero); a reversed range (min > max) is allowed, the formula handles it. Logarithmic:
 *     max finite and > 0, min exactly 0 or -max.
 *  D10 Decoding. Quantized values follow §5.2 in double: q / r * (max - min) + min and
 *     2^(q + m - r), then round once to the target; r = 2^b - 1 is rounded to double for
 *     b > 53, as is q. Floats convert through double (exact) and round once; same-width
 *     floats are copied bit for bit (NaN payloads kept). Integers into float targets are
 *     rounded once to the target's precision in integer arithmetic. Integer targets take
 *     integer, bool and quantized items (quantized: the raw codes), range-checked.
 *  D11 (#38) Writer: the 1.0.2 scheme by default. Float16/32/64 -> code 0; integers -> code
 *     1 with the signed word 1 for signed types, at their own width (int4: 4 bits, int48:
 *     48); bool -> code 1 unsigned, 1 bit, packed as in D2 (identical to the later Bool's
 *     bytes). Options select other widths, the item-type scheme, or quantized codes. */
#include "formats/nnef/files/tensor_file.h"

#include "base/checked.h"
#include "base/file.h"
#include "base/float_convert.h"
#include "ir/dtypes.h"
#include "ir/elem.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Header field offsets (§5.2). */
enum {
    OFF_MAGIC = 0,
    OFF_VERSION = 2,
    OFF_LENGTH = 4,
    OFF_RANK = 8,
    OFF_EXTENTS = 12,
    OFF_BITS = 44,
    OFF_CODE = 48,
    OFF_PARAMS = 52,
    OFF_RESERVED = 84
};

#define BLOCK 256 /* items unpacked per step while decoding */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HOST_LE 1
#else
#define HOST_LE 0
#endif

static uint32_t get_u32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static float get_f32(const uint8_t *p)
{
    uint32_t u = get_u32(p);
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static void put_f32(uint8_t *p, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    put_u32(p, u);
}

static const char *path_of(const char *path) { return path ? path : "<memory>"; }

static const char *dtype_label(nnx_dtype dt) { return nnx_dtype_valid(dt) ? nnx_dtype_name(dt) : "an invalid type"; }

static bool all_zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

/* ------------------------------------------------------------------ bit streams */

/* n bytes at p as a little-endian unsigned integer (n <= 8). */
static uint64_t get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    while (n--)
        v = v << 8 | p[n];
    return v;
}

static void put_le(uint8_t *p, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

/* b bits (b < 64) starting at stream bit pos, MSB-first (D2). Touches only the bytes that
 * hold those bits, so the last item never reads past the data. */
static uint64_t get_msb(const uint8_t *p, uint64_t pos, unsigned b)
{
    const uint8_t *q = p + pos / 8;
    unsigned avail = 8 - (unsigned)(pos % 8);
    uint64_t v = *q & (0xFFu >> (8 - avail));
    if (b <= avail)
        return v >> (avail - b);
    unsigned need = b - avail;
    for (q++; need >= 8; need -= 8)
        v = v << 8 | *q++;
    return need ? v << need | *q >> (8 - need) : v;
}

/* ORs v (< 2^b, b < 64) into a zeroed stream at bit pos, MSB-first. */
static void put_msb(uint8_t *p, uint64_t pos, unsigned b, uint64_t v)
{
    uint8_t *q = p + pos / 8;
    unsigned avail = 8 - (unsigned)(pos % 8);
    if (b <= avail) {
        *q |= (uint8_t)(v << (avail - b));
        return;
    }
    unsigned rest = b - avail;
    *q++ |= (uint8_t)(v >> rest);
    for (; rest >= 8; rest -= 8)
        *q++ = (uint8_t)(v >> (rest - 8));
    if (rest)
        *q |= (uint8_t)(v << (8 - rest));
}

/* Items first..first+n-1 as zero-extended bit patterns. */
static void unpack(const uint8_t *data, uint32_t bits, uint64_t first, size_t n, uint64_t *raw)
{
    if (bits % 8 == 0) {
        const uint8_t *p = data + first * (bits / 8);
        for (size_t i = 0; i < n; i++, p += bits / 8)
            raw[i] = get_le(p, bits / 8);
        return;
    }
    for (size_t i = 0; i < n; i++)
        raw[i] = get_msb(data, (first + i) * bits, bits);
}

static void pack(uint8_t *data, uint32_t bits, uint64_t index, uint64_t v)
{
    if (bits % 8 == 0)
        put_le(data + index * (bits / 8), bits / 8, v);
    else
        put_msb(data, index * bits, bits, v);
}

static uint64_t low_mask(unsigned bits) { return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1; }

static int64_t sign_extend(uint64_t v, unsigned bits)
{
    if (bits < 64 && (v >> (bits - 1)) & 1)
        v |= ~low_mask(bits);
    return (int64_t)v;
}

/* ------------------------------------------------------------------ parsing */

typedef struct parser {
    const uint8_t *b;
    size_t size;
    nnx_nnef_tensor_info *info;
    nnx_error *err;
} parser;

/* "PATH: error: <field> <what is wrong> (offset N)" with NNX_ERROR_INVALID_MODEL. */
__attribute__((format(printf, 3, 4))) static nnx_status bad(parser *ps, uint64_t offset, const char *fmt, ...)
{
    char what[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return nnx_error_set(ps->err, NNX_ERROR_INVALID_MODEL, "%s: error: %s (offset %llu)", path_of(ps->info->path), what,
                         (unsigned long long)offset);
}

static nnx_status parse_magic_version(parser *ps)
{
    static const uint8_t magic[2] = {0x4E, 0xEF};
    for (size_t i = 0; i < 2 && i < ps->size; i++)
        if (ps->b[i] != magic[i])
            return bad(ps, i, "magic byte %zu is 0x%02X, expected 0x%02X: not an NNEF tensor file", i, ps->b[i],
                       magic[i]);
    if (ps->size < NNX_NNEF_HEADER_SIZE)
        return bad(ps, ps->size, "header is truncated: the file has %zu bytes, the header needs %d", ps->size,
                   NNX_NNEF_HEADER_SIZE);
    uint8_t major = ps->b[OFF_VERSION], minor = ps->b[OFF_VERSION + 1];
    if (major != 1)
        return bad(ps, OFF_VERSION, "version %u.%u is not supported: the major version must be 1", major, minor);
    ps->info->version[0] = major;
    ps->info->version[1] = minor;
    if (minor > 0)
        ps->info->warnings |= NNX_NNEF_WARN_VERSION;
    return NNX_OK;
}

static nnx_status parse_shape(parser *ps)
{
    nnx_nnef_tensor_info *info = ps->info;
    info->rank = get_u32(ps->b + OFF_RANK);
    if (info->rank > NNX_NNEF_MAX_RANK)
        return bad(ps, OFF_RANK, "rank %u is larger than the maximum %d", info->rank, NNX_NNEF_MAX_RANK);
    info->volume = 1;
    for (uint32_t i = 0; i < NNX_NNEF_MAX_RANK; i++) {
        uint32_t e = get_u32(ps->b + OFF_EXTENTS + 4 * i);
        uint64_t at = OFF_EXTENTS + 4 * i;
        if (i >= info->rank && e != 0)
            return bad(ps, at, "extents[%u] is %u beyond rank %u: unused extents must be 0", i, e, info->rank);
        if (i >= info->rank)
            continue;
        if (e == 0)
            return bad(ps, at, "extents[%u] is 0: extents must be positive", i);
        if (!nnx_mul_u64(info->volume, e, &info->volume))
            return bad(ps, at, "extents[%u] = %u makes the volume overflow 64 bits", i, e);
        info->shape[i] = e;
    }
    return NNX_OK;
}

/* Sets kind, is_signed and quantized from the code word (D1, D8). */
static nnx_status parse_code(parser *ps)
{
    nnx_nnef_tensor_info *info = ps->info;
    uint32_t code = info->code = get_u32(ps->b + OFF_CODE);
    if (code >> 16)
        return bad(ps, OFF_CODE,
                   "quantization code 0x%08X has vendor 0x%04X: only Khronos (0x0000) codes are supported", code,
                   code >> 16);
    switch (code) {
    case NNX_NNEF_CODE_FLOAT: info->kind = NNX_NNEF_ITEM_FLOAT; break;
    case NNX_NNEF_CODE_INTEGER:
        info->kind = NNX_NNEF_ITEM_INTEGER;
        info->is_signed = get_u32(ps->b + OFF_PARAMS) != 0;
        break;
    case NNX_NNEF_CODE_QUINT:
    case NNX_NNEF_CODE_QINT:
        info->kind = NNX_NNEF_ITEM_INTEGER;
        info->quantized = true;
        info->is_signed = code == NNX_NNEF_CODE_QINT;
        break;
    case NNX_NNEF_CODE_INT:
        info->kind = NNX_NNEF_ITEM_INTEGER;
        info->is_signed = true;
        break;
    case NNX_NNEF_CODE_BOOL: info->kind = NNX_NNEF_ITEM_BOOL; break;
    case NNX_NNEF_CODE_LINEAR: info->kind = NNX_NNEF_ITEM_LINEAR; break;
    case NNX_NNEF_CODE_LOGARITHMIC: info->kind = NNX_NNEF_ITEM_LOGARITHMIC; break;
    default:
        return bad(ps, OFF_CODE, "quantization code 0x%08X is unknown: Khronos codes are 0x00-0x05, 0x10 and 0x11",
                   code);
    }
    return NNX_OK;
}

static nnx_status parse_bits(parser *ps)
{
    nnx_nnef_tensor_info *info = ps->info;
    uint32_t b = info->bits = get_u32(ps->b + OFF_BITS);
    if (b == 0 || b > 64)
        return bad(ps, OFF_BITS, "bits per item %u is invalid: it must be 1..64", b);
    if (info->kind == NNX_NNEF_ITEM_FLOAT && b != 16 && b != 32 && b != 64)
        return bad(ps, OFF_BITS, "bits per item %u is invalid for float items: it must be 16, 32 or 64", b);
    if (info->kind == NNX_NNEF_ITEM_BOOL && b != 1 && b != 8)
        return bad(ps, OFF_BITS, "bits per item %u is invalid for bool items: it must be 1 or 8", b);
    return NNX_OK;
}

/* Why min/max are unusable for kind (D9), with the offending field's offset; NULL if fine.
 * Shared by the parser and the writer. */
static const char *quant_param_problem(nnx_nnef_item_kind kind, float min, float max, unsigned *offset)
{
    *offset = OFF_PARAMS + 4;
    if (!isfinite(max))
        return "is not finite";
    if (kind == NNX_NNEF_ITEM_LOGARITHMIC && !(max > 0))
        return "must be positive for logarithmic items";
    *offset = OFF_PARAMS;
    if (!isfinite(min))
        return "is not finite";
    if (kind == NNX_NNEF_ITEM_LOGARITHMIC && min != 0 && min != -max)
        return "must be 0 (unsigned) or -max (signed) for logarithmic items";
    *offset = OFF_PARAMS + 4;
    if (kind == NNX_NNEF_ITEM_LINEAR && min == max)
        return "equals min: the linear range is empty";
    return NULL;
}

static nnx_status parse_params(parser *ps)
{
    nnx_nnef_tensor_info *info = ps->info;
    size_t used = info->code == NNX_NNEF_CODE_INTEGER ? 4 : 0;
    if (info->kind == NNX_NNEF_ITEM_LINEAR || info->kind == NNX_NNEF_ITEM_LOGARITHMIC) {
        used = 8;
        info->min = get_f32(ps->b + OFF_PARAMS);
        info->max = get_f32(ps->b + OFF_PARAMS + 4);
        unsigned at;
        const char *why = quant_param_problem(info->kind, info->min, info->max, &at);
        if (why)
            return bad(ps, at, "quantization %s %g %s", at == OFF_PARAMS ? "min" : "max",
                       at == OFF_PARAMS ? info->min : info->max, why);
        info->is_signed = info->kind == NNX_NNEF_ITEM_LOGARITHMIC && info->min != 0;
    }
    if (!all_zero(ps->b + OFF_PARAMS + used, OFF_RESERVED - OFF_PARAMS - used))
        info->warnings |= NNX_NNEF_WARN_PARAMS;
    return NNX_OK;
}

static nnx_status parse_length(parser *ps)
{
    nnx_nnef_tensor_info *info = ps->info;
    info->data_length = get_u32(ps->b + OFF_LENGTH);
    uint64_t total_bits;
    if (!nnx_mul_u64(info->volume, info->bits, &total_bits))
        return bad(ps, OFF_LENGTH, "data length cannot match: volume %llu times %u bits per item overflows 64 bits",
                   (unsigned long long)info->volume, info->bits);
    uint64_t expected = total_bits / 8 + (total_bits % 8 != 0);
    if (info->data_length != expected)
        return bad(ps, OFF_LENGTH, "data length %u does not match the extents and bits per item: expected %llu",
                   info->data_length, (unsigned long long)expected);
    size_t have = ps->size - NNX_NNEF_HEADER_SIZE;
    if (have < info->data_length)
        return bad(ps, ps->size, "data is truncated: the file has %zu bytes of data, the header says %u", have,
                   info->data_length);
    if (have > info->data_length)
        info->warnings |= NNX_NNEF_WARN_TRAILING;
    unsigned pad = (unsigned)((8 - total_bits % 8) % 8);
    if (pad && ps->b[NNX_NNEF_HEADER_SIZE + info->data_length - 1] & ((1u << pad) - 1))
        info->warnings |= NNX_NNEF_WARN_PADDING;
    return NNX_OK;
}

nnx_status nnx_nnef_tensor_parse(const void *bytes, size_t size, const char *path, nnx_nnef_tensor_info *info,
                                 nnx_error *err)
{
    memset(info, 0, sizeof *info);
    info->path = path;
    parser ps = {bytes, size, info, err};
    nnx_status st = parse_magic_version(&ps);
    if (st == NNX_OK)
        st = parse_shape(&ps);
    if (st == NNX_OK)
        st = parse_code(&ps);
    if (st == NNX_OK)
        st = parse_bits(&ps);
    if (st == NNX_OK)
        st = parse_params(&ps);
    if (st == NNX_OK)
        st = parse_length(&ps);
    if (st == NNX_OK && !all_zero(ps.b + OFF_RESERVED, NNX_NNEF_HEADER_SIZE - OFF_RESERVED))
        info->warnings |= NNX_NNEF_WARN_RESERVED;
    return st;
}

nnx_dtype nnx_nnef_tensor_natural_dtype(const nnx_nnef_tensor_info *info)
{
    static const nnx_dtype uints[4] = {NNX_UINT8, NNX_UINT16, NNX_UINT32, NNX_UINT64};
    static const nnx_dtype sints[4] = {NNX_INT8, NNX_INT16, NNX_INT32, NNX_INT64};
    unsigned w = info->bits <= 8 ? 0 : info->bits <= 16 ? 1 : info->bits <= 32 ? 2 : 3;
    switch (info->kind) {
    case NNX_NNEF_ITEM_FLOAT: return info->bits == 16 ? NNX_FLOAT16 : info->bits == 32 ? NNX_FLOAT32 : NNX_FLOAT64;
    case NNX_NNEF_ITEM_INTEGER: return info->is_signed ? sints[w] : uints[w];
    case NNX_NNEF_ITEM_BOOL: return NNX_BOOL;
    case NNX_NNEF_ITEM_LINEAR:
    case NNX_NNEF_ITEM_LOGARITHMIC: return NNX_FLOAT32;
    }
    return NNX_DTYPE_UNDEFINED;
}

/* ------------------------------------------------------------------ element stores */

/* Significant bits of a float dtype, for rounding integers once (D10). */
static unsigned float_precision(nnx_dtype t)
{
    switch (t) {
    case NNX_FLOAT16: return 11;
    case NNX_BFLOAT16: return 8;
    case NNX_FLOAT32: return 24;
    case NNX_FP8E4M3:
    case NNX_FP8E4M3FNUZ: return 4;
    case NNX_FP8E5M2:
    case NNX_FP8E5M2FNUZ: return 3;
    case NNX_FP4E2M1: return 2;
    default: return 53; /* float64, and fp8e8m0, which rounds the double by its own rule (elem.h) */
    }
}

/* m rounded to nearest even at p significant bits (p <= 53), so the double is exact and any
 * later conversion to a format of precision p is exact too (or overflows as it should). */
static double round_u64(uint64_t m, unsigned p)
{
    unsigned width = m ? 64 - (unsigned)__builtin_clzll(m) : 0;
    if (width <= p)
        return (double)m;
    unsigned drop = width - p;
    uint64_t keep = m >> drop, rest = m & low_mask(drop), half = (uint64_t)1 << (drop - 1);
    if (rest > half || (rest == half && (keep & 1)))
        keep++;
    return ldexp((double)keep, (int)drop);
}

/* Stores v into a float target, rounding once. */
static void store_double(nnx_dtype t, uint8_t *dst, double v)
{
    uint16_t h;
    uint8_t q;
    switch (t) {
    case NNX_FLOAT32: {
        float f = (float)v;
        memcpy(dst, &f, 4);
        return;
    }
    case NNX_FLOAT64: memcpy(dst, &v, 8); return;
    case NNX_FLOAT16:
        h = nnx_f64_to_f16(v);
        memcpy(dst, &h, 2);
        return;
    case NNX_BFLOAT16:
        h = nnx_f64_to_bf16(v);
        memcpy(dst, &h, 2);
        return;
    case NNX_FP8E4M3:
        q = nnx_f64_to_fp8e4m3(v);
        *dst = q;
        return;
    case NNX_FP8E5M2:
        q = nnx_f64_to_fp8e5m2(v);
        *dst = q;
        return;
    default: nnx_store_f(t, dst, 0, v); return; /* the types added for ONNX: elem.h's rules */
    }
}

/* Stores the low nnx_dtype_size(t) bytes of a two's complement value (native order). */
static inline void store_int(size_t size, uint8_t *dst, uint64_t v)
{
    switch (size) {
    case 1: {
        uint8_t x = (uint8_t)v;
        memcpy(dst, &x, 1);
        return;
    }
    case 2: {
        uint16_t x = (uint16_t)v;
        memcpy(dst, &x, 2);
        return;
    }
    case 4: {
        uint32_t x = (uint32_t)v;
        memcpy(dst, &x, 4);
        return;
    }
    default: memcpy(dst, &v, 8); return;
    }
}

/* ------------------------------------------------------------------ decoding */

typedef struct decoder {
    const nnx_nnef_tensor_info *info;
    const uint8_t *data; /* item bytes (file offset 128) */
    nnx_dtype target;
    size_t tsize;
    bool to_float;
    int64_t tmin; /* integer target range */
    uint64_t tmax;
    int log_m;         /* logarithmic: ceil(log2 max) */
    unsigned mag_bits; /* logarithmic: bits of q (b, or b - 1 when signed) */
    nnx_error *err;
} decoder;

static nnx_status out_of_range(const decoder *d, uint64_t index, bool neg, uint64_t v)
{
    return nnx_error_set(
        d->err, NNX_ERROR_INVALID_MODEL, "%s: error: item %llu value %s%llu does not fit %s (offset %llu)",
        path_of(d->info->path), (unsigned long long)index, neg ? "-" : "", (unsigned long long)(neg ? 0 - v : v),
        nnx_dtype_name(d->target), (unsigned long long)(NNX_NNEF_HEADER_SIZE + index * d->info->bits / 8));
}

/* An integer item (signed: v is int64 bits) into any target. */
static nnx_status put_integer(const decoder *d, uint64_t index, uint8_t *dst, bool is_signed, uint64_t v)
{
    bool neg = is_signed && (int64_t)v < 0;
    if (d->to_float) {
        double m = round_u64(neg ? 0 - v : v, float_precision(d->target));
        store_double(d->target, dst, neg ? -m : m);
        return NNX_OK;
    }
    bool fits = neg ? (int64_t)v >= d->tmin : v <= d->tmax;
    if (!fits)
        return out_of_range(d, index, neg, v);
    store_int(d->tsize, dst, v);
    return NNX_OK;
}

static double float_item(uint32_t bits, uint64_t raw)
{
    if (bits == 16)
        return nnx_f16_to_f32((uint16_t)raw);
    if (bits == 32) {
        uint32_t u = (uint32_t)raw;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    double v;
    memcpy(&v, &raw, 8);
    return v;
}

/* §5.2 linear decode: q / r * (max - min) + min, in double (D10). */
static double linear_value(const nnx_nnef_tensor_info *info, uint64_t q)
{
    double r = (double)low_mask(info->bits);
    return (double)q / r * ((double)info->max - (double)info->min) + (double)info->min;
}

/* §5.2 logarithmic decode: 2^(q + m - r), sign in the code's top bit when signed (D3). */
static double log_value(const decoder *d, uint64_t code)
{
    uint64_t r = low_mask(d->mag_bits), q = code & r;
    uint64_t down = r - q; /* the exponent is m - down */
    double v = down > 4096 ? 0.0 : ldexp(1.0, d->log_m - (int)down);
    return d->info->is_signed && (code >> d->mag_bits) & 1 ? -v : v;
}

/* Float items: same-width bit copies (NaN payloads kept), the common widening and narrowing
 * directly, the rest through double (exact) rounded once by store_double. */
static void put_floats(const decoder *d, size_t n, const uint64_t *raw, uint8_t *dst)
{
    uint32_t bits = d->info->bits;
    size_t ts = d->tsize;
    if (nnx_dtype_bits(d->target) == bits && d->target != NNX_BFLOAT16) {
        for (size_t i = 0; i < n; i++)
            store_int(ts, dst + i * ts, raw[i]);
    } else if (bits == 16 && d->target == NNX_FLOAT32) {
        for (size_t i = 0; i < n; i++) {
            float f = nnx_f16_to_f32((uint16_t)raw[i]);
            memcpy(dst + 4 * i, &f, 4);
        }
    } else if (bits == 32 && d->target == NNX_FLOAT16) {
        for (size_t i = 0; i < n; i++) {
            uint16_t h = nnx_f32_to_f16((float)float_item(32, raw[i]));
            memcpy(dst + 2 * i, &h, 2);
        }
    } else {
        for (size_t i = 0; i < n; i++)
            store_double(d->target, dst + i * ts, float_item(bits, raw[i]));
    }
}

/* Integer, bool and code items (raw is rewritten to the items' values). */
static nnx_status put_integers(const decoder *d, uint64_t first, size_t n, uint64_t *raw, uint8_t *dst)
{
    const nnx_nnef_tensor_info *info = d->info;
    bool is_signed = info->kind == NNX_NNEF_ITEM_INTEGER && info->is_signed;
    for (size_t i = 0; i < n; i++)
        raw[i] = is_signed                     ? (uint64_t)sign_extend(raw[i], info->bits)
            : info->kind == NNX_NNEF_ITEM_BOOL ? raw[i] != 0
                                               : raw[i];
    size_t ts = d->tsize;
    for (size_t i = 0; i < n; i++) {
        nnx_status st = put_integer(d, first + i, dst + i * ts, is_signed, raw[i]);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

static void put_dequantized(const decoder *d, size_t n, const uint64_t *raw, uint8_t *dst)
{
    bool linear = d->info->kind == NNX_NNEF_ITEM_LINEAR;
    for (size_t i = 0; i < n; i++)
        store_double(d->target, dst + i * d->tsize, linear ? linear_value(d->info, raw[i]) : log_value(d, raw[i]));
}

static nnx_status put_block(const decoder *d, uint64_t first, size_t n, uint64_t *raw, uint8_t *dst)
{
    switch (d->info->kind) {
    case NNX_NNEF_ITEM_FLOAT: put_floats(d, n, raw, dst); return NNX_OK;
    case NNX_NNEF_ITEM_LINEAR:
    case NNX_NNEF_ITEM_LOGARITHMIC:
        if (!d->to_float)
            break; /* the raw codes */
        put_dequantized(d, n, raw, dst);
        return NNX_OK;
    case NNX_NNEF_ITEM_INTEGER:
    case NNX_NNEF_ITEM_BOOL: break;
    }
    return put_integers(d, first, n, raw, dst);
}

/* Items already stored exactly as the target lays them out (little-endian host only). */
static bool is_plain_copy(const nnx_nnef_tensor_info *info, nnx_dtype target)
{
    if (!HOST_LE || nnx_dtype_bits(target) != info->bits || target == NNX_BFLOAT16)
        return false;
    nnx_dtype_kind k = nnx_dtype_kind_of(target);
    if (info->kind == NNX_NNEF_ITEM_FLOAT)
        return k == NNX_KIND_FLOAT;
    return info->kind == NNX_NNEF_ITEM_INTEGER && k == (info->is_signed ? NNX_KIND_SINT : NNX_KIND_UINT) &&
        info->bits % 8 == 0 && target != NNX_INT48 && target != NNX_INT4;
}

static nnx_status decode_check(const nnx_nnef_tensor_info *info, nnx_dtype target, size_t dst_size, nnx_error *err)
{
    const char *path = path_of(info->path);
    size_t tsize = nnx_dtype_size(target), need;
    if (!tsize)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: decode target %d is not a data type", path,
                             (int)target);
    if (info->volume > SIZE_MAX || !nnx_mul_size((size_t)info->volume, tsize, &need) || need != dst_size)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "%s: error: the destination has %zu bytes, %llu %s items need %llu x %zu", path, dst_size,
                             (unsigned long long)info->volume, nnx_dtype_name(target), (unsigned long long)info->volume,
                             tsize);
    if (info->kind == NNX_NNEF_ITEM_FLOAT && !nnx_dtype_is_float(target))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: float items cannot be decoded into %s", path,
                             nnx_dtype_name(target));
    return NNX_OK;
}

nnx_status nnx_nnef_tensor_decode(const nnx_nnef_tensor_info *info, const void *bytes, nnx_dtype target, void *dst,
                                  size_t dst_size, nnx_error *err)
{
    nnx_status st = decode_check(info, target, dst_size, err);
    if (st != NNX_OK)
        return st;
    const uint8_t *data = (const uint8_t *)bytes + NNX_NNEF_HEADER_SIZE;
    if (is_plain_copy(info, target)) {
        memcpy(dst, data, dst_size);
        return NNX_OK;
    }
    decoder d = {info, data, target, nnx_dtype_size(target), nnx_dtype_is_float(target), 0, 0, 0, info->bits, err};
    if (!d.to_float) {
        d.tmin = nnx_dtype_int_min(target);
        d.tmax = nnx_dtype_int_max(target);
    }
    if (info->kind == NNX_NNEF_ITEM_LOGARITHMIC) {
        int e;
        double f = frexp(info->max, &e); /* max = f * 2^e, f in [0.5, 1) */
        d.log_m = f == 0.5 ? e - 1 : e;
        d.mag_bits = info->bits - info->is_signed;
    }
    uint64_t raw[BLOCK];
    uint8_t *out = dst;
    for (uint64_t first = 0; first < info->volume && st == NNX_OK; first += BLOCK) {
        size_t n = info->volume - first < BLOCK ? (size_t)(info->volume - first) : BLOCK;
        unpack(data, info->bits, first, n, raw);
        st = put_block(&d, first, n, raw, out + first * d.tsize);
    }
    return st;
}

nnx_status nnx_nnef_tensor_load(const char *path, const nnx_alloc *a, nnx_dtype target, nnx_nnef_tensor_info *info,
                                void **data, size_t *size, nnx_error *err)
{
    *data = NULL;
    *size = 0;
    nnx_file_view view;
    nnx_status st = nnx_file_map(path, a, &view, err);
    if (st != NNX_OK)
        return st;
    st = nnx_nnef_tensor_parse(view.data, view.size, path, info, err);
    if (st == NNX_OK && !target)
        target = nnx_nnef_tensor_natural_dtype(info);
    size_t bytes = 0;
    if (st == NNX_OK &&
        (info->volume > SIZE_MAX || !nnx_mul_size((size_t)info->volume, nnx_dtype_size(target), &bytes)))
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: %llu items do not fit in memory", path,
                           (unsigned long long)info->volume);
    void *buf = NULL;
    if (st == NNX_OK && bytes && !(buf = nnx_mem_alloc_aligned(a, bytes)))
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory for %zu bytes of tensor data", path,
                           bytes);
    if (st == NNX_OK)
        st = nnx_nnef_tensor_decode(info, view.data, target, buf, bytes, err);
    nnx_file_unmap(&view);
    if (st != NNX_OK) {
        nnx_mem_free_aligned(a, buf);
        return st;
    }
    *data = buf;
    *size = bytes;
    return NNX_OK;
}

/* ------------------------------------------------------------------ encoding */

typedef struct encoding {
    uint32_t code, bits;
    bool is_signed; /* two's complement items (signed integer dtypes) */
    uint64_t volume;
    uint32_t data_length;
} encoding;

__attribute__((format(printf, 3, 4))) static nnx_status arg_error(nnx_error *err, nnx_status st, const char *fmt, ...)
{
    char what[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return nnx_error_set(err, st, "NNEF tensor encode: %s", what);
}

static nnx_status plan_shape(const uint32_t *shape, uint32_t rank, encoding *e, nnx_error *err)
{
    if (rank > NNX_NNEF_MAX_RANK)
        return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "rank %u is larger than the maximum %d", rank,
                         NNX_NNEF_MAX_RANK);
    if (rank && !shape)
        return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "shape is NULL for rank %u", rank);
    e->volume = 1;
    for (uint32_t i = 0; i < rank; i++) {
        if (shape[i] == 0)
            return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "extent %u is 0: extents must be positive", i);
        if (!nnx_mul_u64(e->volume, shape[i], &e->volume))
            return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "the volume overflows 64 bits");
    }
    return NNX_OK;
}

/* Code and width for quantized codes written from an unsigned integer dtype. */
static nnx_status plan_quantized(nnx_dtype dtype, const nnx_nnef_encode_options *o, encoding *e, nnx_error *err)
{
    if (o->quantize != NNX_NNEF_ITEM_LINEAR && o->quantize != NNX_NNEF_ITEM_LOGARITHMIC)
        return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "quantize %d is not linear or logarithmic", (int)o->quantize);
    if (o->scheme != NNX_NNEF_SCHEME_1_0_2)
        return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "the item-type scheme has no linear or logarithmic codes");
    if (nnx_dtype_kind_of(dtype) != NNX_KIND_UINT)
        return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "quantized codes must be an unsigned integer type, not %s",
                         dtype_label(dtype));
    unsigned at;
    const char *why = quant_param_problem(o->quantize, o->min, o->max, &at);
    if (why)
        return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "%s %g %s", at == OFF_PARAMS ? "min" : "max",
                         at == OFF_PARAMS ? o->min : o->max, why);
    e->code = o->quantize == NNX_NNEF_ITEM_LINEAR ? NNX_NNEF_CODE_LINEAR : NNX_NNEF_CODE_LOGARITHMIC;
    return NNX_OK; /* codes are unsigned bit patterns, a signed logarithmic sign bit included */
}

/* Code, signedness and bits for plain values of dtype (D11). */
static nnx_status plan_plain(nnx_dtype dtype, const nnx_nnef_encode_options *o, encoding *e, nnx_error *err)
{
    bool items = o->scheme == NNX_NNEF_SCHEME_ITEM_TYPES;
    switch (nnx_dtype_kind_of(dtype)) {
    case NNX_KIND_FLOAT:
        if (dtype != NNX_FLOAT16 && dtype != NNX_FLOAT32 && dtype != NNX_FLOAT64)
            return arg_error(err, NNX_ERROR_NOT_SUPPORTED, "%s has no NNEF tensor code", nnx_dtype_name(dtype));
        if (o->bits && o->bits != nnx_dtype_bits(dtype))
            return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "%s items cannot be written with %u bits",
                             nnx_dtype_name(dtype), o->bits);
        e->code = NNX_NNEF_CODE_FLOAT;
        return NNX_OK;
    case NNX_KIND_SINT:
        e->is_signed = true;
        e->code = items ? NNX_NNEF_CODE_INT : NNX_NNEF_CODE_INTEGER;
        return NNX_OK;
    case NNX_KIND_UINT: e->code = NNX_NNEF_CODE_INTEGER; return NNX_OK;
    case NNX_KIND_BOOL:
        e->code = items ? NNX_NNEF_CODE_BOOL : NNX_NNEF_CODE_INTEGER;
        e->bits = o->bits ? o->bits : 1;
        if (e->bits != 1 && e->bits != 8)
            return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "bool items are written with 1 or 8 bits, not %u",
                             o->bits);
        return NNX_OK;
    case NNX_KIND_NONE: break;
    }
    return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "data type %d is not valid", (int)dtype);
}

static nnx_status plan(nnx_dtype dtype, const uint32_t *shape, uint32_t rank, const nnx_nnef_encode_options *o,
                       encoding *e, nnx_error *err)
{
    static const nnx_nnef_encode_options defaults;
    if (!o)
        o = &defaults;
    *e = (encoding){0};
    nnx_status st = plan_shape(shape, rank, e, err);
    if (st == NNX_OK)
        st = o->quantize ? plan_quantized(dtype, o, e, err) : plan_plain(dtype, o, e, err);
    if (st != NNX_OK)
        return st;
    if (!e->bits)
        e->bits = o->bits ? o->bits : nnx_dtype_bits(dtype);
    if (e->bits > 64)
        return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "bits per item %u is larger than 64", e->bits);
    uint64_t total;
    if (!nnx_mul_u64(e->volume, e->bits, &total) || total / 8 + (total % 8 != 0) > UINT32_MAX)
        return arg_error(err, NNX_ERROR_INVALID_ARGUMENT,
                         "the data would exceed the 4 GiB an NNEF tensor file can hold");
    e->data_length = (uint32_t)(total / 8 + (total % 8 != 0));
    return NNX_OK;
}

nnx_status nnx_nnef_tensor_encoded_size(nnx_dtype dtype, const uint32_t *shape, uint32_t rank,
                                        const nnx_nnef_encode_options *options, size_t *size, nnx_error *err)
{
    encoding e;
    nnx_status st = plan(dtype, shape, rank, options, &e, err);
    if (st == NNX_OK && !nnx_add_size(NNX_NNEF_HEADER_SIZE, e.data_length, size))
        st = arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "the file does not fit in memory");
    return st;
}

static void write_header(uint8_t *out, const uint32_t *shape, uint32_t rank, const encoding *e,
                         const nnx_nnef_encode_options *o)
{
    memset(out, 0, NNX_NNEF_HEADER_SIZE);
    out[0] = 0x4E;
    out[1] = 0xEF;
    out[OFF_VERSION] = 1;
    put_u32(out + OFF_LENGTH, e->data_length);
    put_u32(out + OFF_RANK, rank);
    for (uint32_t i = 0; i < rank; i++)
        put_u32(out + OFF_EXTENTS + 4 * i, shape[i]);
    put_u32(out + OFF_BITS, e->bits);
    put_u32(out + OFF_CODE, e->code);
    if (e->code == NNX_NNEF_CODE_INTEGER)
        put_u32(out + OFF_PARAMS, e->is_signed);
    if (e->code == NNX_NNEF_CODE_LINEAR || e->code == NNX_NNEF_CODE_LOGARITHMIC) {
        put_f32(out + OFF_PARAMS, o->min);
        put_f32(out + OFF_PARAMS + 4, o->max);
    }
}

/* Element i of an nnx buffer as a 64-bit pattern: sign-extended for signed types. */
static uint64_t load_elem(const uint8_t *p, size_t size, bool is_signed)
{
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    switch (size) {
    case 1: memcpy(&u8, p, 1); return is_signed ? (uint64_t)(int64_t)(int8_t)u8 : u8;
    case 2: memcpy(&u16, p, 2); return is_signed ? (uint64_t)(int64_t)(int16_t)u16 : u16;
    case 4: memcpy(&u32, p, 4); return is_signed ? (uint64_t)(int64_t)(int32_t)u32 : u32;
    default: memcpy(&u64, p, 8); return u64;
    }
}

static nnx_status write_items(nnx_dtype dtype, const uint8_t *src, const encoding *e, uint8_t *data, nnx_error *err)
{
    size_t size = nnx_dtype_size(dtype);
    bool is_signed = nnx_dtype_kind_of(dtype) == NNX_KIND_SINT, is_bool = dtype == NNX_BOOL;
    bool is_float = nnx_dtype_is_float(dtype);
    int64_t lo = e->is_signed && !is_float ? -(int64_t)(low_mask(e->bits - 1)) - 1 : 0;
    uint64_t hi = e->is_signed && !is_float ? low_mask(e->bits - 1) : low_mask(e->bits);
    memset(data, 0, e->data_length);
    for (uint64_t i = 0; i < e->volume; i++, src += size) {
        uint64_t v = load_elem(src, size, is_signed);
        if (is_bool)
            v = v != 0;
        bool neg = is_signed && (int64_t)v < 0;
        if (!is_float && (neg ? (int64_t)v < lo : v > hi))
            return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "item %llu value %s%llu does not fit %u %s bits",
                             (unsigned long long)i, neg ? "-" : "", (unsigned long long)(neg ? 0 - v : v), e->bits,
                             e->is_signed ? "signed" : "unsigned");
        pack(data, e->bits, i, v & low_mask(e->bits));
    }
    return NNX_OK;
}

nnx_status nnx_nnef_tensor_encode(nnx_dtype dtype, const uint32_t *shape, uint32_t rank, const void *data,
                                  size_t data_size, const nnx_nnef_encode_options *options, void *out, size_t out_size,
                                  size_t *written, nnx_error *err)
{
    static const nnx_nnef_encode_options defaults;
    const nnx_nnef_encode_options *o = options ? options : &defaults;
    *written = 0;
    encoding e;
    nnx_status st = plan(dtype, shape, rank, o, &e, err);
    if (st != NNX_OK)
        return st;
    size_t need, file_size = (size_t)NNX_NNEF_HEADER_SIZE + e.data_length;
    if (e.volume > SIZE_MAX || !nnx_mul_size((size_t)e.volume, nnx_dtype_size(dtype), &need) || need != data_size)
        return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "data has %zu bytes, %llu %s items need %llu x %zu",
                         data_size, (unsigned long long)e.volume, nnx_dtype_name(dtype), (unsigned long long)e.volume,
                         nnx_dtype_size(dtype));
    if (!out || out_size < file_size)
        return arg_error(err, NNX_ERROR_INVALID_ARGUMENT, "the output buffer has %zu bytes, the file needs %zu",
                         out ? out_size : 0, file_size);
    write_header(out, shape, rank, &e, o);
    uint8_t *items = (uint8_t *)out + NNX_NNEF_HEADER_SIZE;
    bool plain = HOST_LE && e.bits == 8 * nnx_dtype_size(dtype) && dtype != NNX_BOOL && dtype != NNX_INT48;
    if (plain && e.data_length == data_size) /* the nnx layout is the file layout */
        memcpy(items, data, data_size);
    else if ((st = write_items(dtype, data, &e, items, err)) != NNX_OK)
        return st;
    *written = file_size;
    return NNX_OK;
}
