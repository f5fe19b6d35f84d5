/* case_data.c — turns the JSON literals of a WebNN conformance case into nnx values:
 * descriptors, element buffers of every WebNN data type (float16 rounded once from the
 * decimal, 64-bit integers parsed exactly from decimal strings), MLNumbers and uint32 lists.
 * Every malformed value is reported as a message, never trusted. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/float_convert.h"
#include "conformance.h"

/* Largest integer a JSON number (a binary64 after parsing) is trusted to hold exactly:
 * beyond 2^53 the literal may already have been rounded, so such values must be strings. */
#define EXACT_INT_LIMIT 9007199254740992.0

bool cf_fail(cf_msg *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->text, sizeof m->text, fmt, ap);
    va_end(ap);
    return false;
}

/* Only the data types WebNN's MLOperandDataType has; nnx's extra types never appear. */
static const struct {
    const char *name;
    nnx_dtype dtype;
} DTYPE_NAMES[] = {
    {"float32", NNX_FLOAT32}, {"float16", NNX_FLOAT16}, {"int8", NNX_INT8},
    {"uint8", NNX_UINT8},     {"int32", NNX_INT32},     {"uint32", NNX_UINT32},
    {"int64", NNX_INT64},     {"uint64", NNX_UINT64},   {"int4", NNX_INT4},
};

nnx_dtype cf_dtype_from_name(const char *name)
{
    if (!name)
        return NNX_DTYPE_UNDEFINED;
    for (size_t i = 0; i < sizeof DTYPE_NAMES / sizeof DTYPE_NAMES[0]; i++)
        if (strcmp(DTYPE_NAMES[i].name, name) == 0)
            return DTYPE_NAMES[i].dtype;
    return NNX_DTYPE_UNDEFINED;
}

const cJSON *cf_arg(const cJSON *arguments, int index, const char **key)
{
    const cJSON *item = cJSON_IsArray(arguments) ? cJSON_GetArrayItem(arguments, index) : NULL;
    if (!cJSON_IsObject(item) || !item->child)
        return NULL;
    if (key)
        *key = item->child->string;
    return item->child;
}

bool cf_parse_u32(const cJSON *value, uint32_t *out, cf_msg *err)
{
    if (!cJSON_IsNumber(value))
        return cf_fail(err, "expected a non-negative integer");
    double d = value->valuedouble;
    if (!(d >= 0 && d <= 4294967295.0) || d != floor(d))
        return cf_fail(err, "%g is not a uint32 value", d);
    *out = (uint32_t)d;
    return true;
}

bool cf_parse_u32_list(const cJSON *value, uint32_t *out, uint32_t cap, uint32_t *count, cf_msg *err)
{
    if (!cJSON_IsArray(value))
        return cf_fail(err, "expected an array of integers");
    uint32_t n = 0;
    for (const cJSON *item = value->child; item; item = item->next) {
        if (n == cap)
            return cf_fail(err, "list longer than %u", (unsigned)cap);
        if (!cf_parse_u32(item, &out[n], err))
            return false;
        n++;
    }
    *count = n;
    return true;
}

size_t cf_desc_elements(const nnx_operand_desc *desc)
{
    size_t n = 1;
    for (uint32_t i = 0; i < desc->rank; i++)
        n *= desc->shape[i];
    return n;
}

bool cf_parse_desc(const cJSON *descriptor, nnx_operand_desc *out, cf_msg *err)
{
    const cJSON *shape = cJSON_GetObjectItemCaseSensitive(descriptor, "shape");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(descriptor, "dataType");
    memset(out, 0, sizeof *out);
    if (!cJSON_IsString(type))
        return cf_fail(err, "descriptor without a dataType string");
    out->dtype = cf_dtype_from_name(type->valuestring);
    if (out->dtype == NNX_DTYPE_UNDEFINED)
        return cf_fail(err, "unknown dataType '%s'", type->valuestring);
    if (cJSON_GetArraySize(shape) > NNX_MAX_RANK)
        return cf_fail(err, "shape rank %d exceeds NNX_MAX_RANK", cJSON_GetArraySize(shape));
    cf_msg inner;
    if (!cf_parse_u32_list(shape, out->shape, NNX_MAX_RANK, &out->rank, &inner))
        return cf_fail(err, "bad descriptor shape: %s", inner.text);
    return true;
}

/* "Infinity", "-Infinity", "NaN" (JavaScript spellings) -> *out. */
static bool parse_special(const char *s, double *out)
{
    if (strcmp(s, "Infinity") == 0)
        *out = INFINITY;
    else if (strcmp(s, "-Infinity") == 0)
        *out = -INFINITY;
    else if (strcmp(s, "NaN") == 0)
        *out = NAN;
    else
        return false;
    return true;
}

/* A floating-point element: a number, a special string, or a decimal string. */
static bool parse_real(const cJSON *v, double *out, cf_msg *err)
{
    if (cJSON_IsNumber(v)) {
        *out = v->valuedouble;
        return true;
    }
    if (cJSON_IsString(v) && parse_special(v->valuestring, out))
        return true;
    if (cJSON_IsString(v) && v->valuestring[0]) {
        char *end;
        errno = 0;
        *out = strtod(v->valuestring, &end);
        if (*end == '\0' && errno == 0)
            return true;
    }
    return cf_fail(err, "value is not a number");
}

/* An integer as sign and magnitude, so every int64 and uint64 value is representable. */
typedef struct int_value {
    bool negative;
    uint64_t magnitude;
} int_value;

static bool parse_int_string(const char *s, int_value *out, cf_msg *err)
{
    char *end;
    bool negative = (s[0] == '-');
    const char *digits = negative ? s + 1 : s;
    if (digits[0] < '0' || digits[0] > '9') /* strtoull would accept spaces and a sign */
        return cf_fail(err, "'%s' is not a decimal integer", s);
    errno = 0;
    unsigned long long m = strtoull(digits, &end, 10);
    if (*end != '\0' || errno == ERANGE)
        return cf_fail(err, "'%s' is not a 64-bit decimal integer", s);
    out->negative = negative && m != 0;
    out->magnitude = (uint64_t)m;
    return true;
}

static bool parse_int(const cJSON *v, int_value *out, cf_msg *err)
{
    if (cJSON_IsString(v))
        return parse_int_string(v->valuestring, out, err);
    if (!cJSON_IsNumber(v))
        return cf_fail(err, "value is not an integer");
    double d = v->valuedouble;
    if (d != floor(d) || fabs(d) > EXACT_INT_LIMIT)
        return cf_fail(err, "%.17g is not an exactly representable integer", d);
    out->negative = d < 0;
    out->magnitude = (uint64_t)fabs(d);
    return true;
}

/* Range check for a signed type of `bits` bits, then the two's-complement value. */
static bool int_to_signed(int_value v, unsigned bits, int64_t *out, cf_msg *err)
{
    uint64_t max_positive = (UINT64_C(1) << (bits - 1)) - 1;
    uint64_t limit = v.negative ? max_positive + 1 : max_positive;
    if (v.magnitude > limit)
        return cf_fail(err, "%s%llu does not fit int%u", v.negative ? "-" : "", (unsigned long long)v.magnitude, bits);
    /* -(m - 1) - 1 avoids overflowing on INT64_MIN. */
    *out = v.negative ? -(int64_t)(v.magnitude - 1) - 1 : (int64_t)v.magnitude;
    return true;
}

static bool int_to_unsigned(int_value v, unsigned bits, uint64_t *out, cf_msg *err)
{
    uint64_t max = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    if (v.negative || v.magnitude > max)
        return cf_fail(err, "%s%llu does not fit uint%u", v.negative ? "-" : "", (unsigned long long)v.magnitude, bits);
    *out = v.magnitude;
    return true;
}

/* The integer types: width in bits (the value range) and signedness. */
static const struct {
    nnx_dtype dtype;
    unsigned bits;
    bool is_signed;
} INT_TYPES[] = {
    {NNX_INT4, 4, true},     {NNX_INT8, 8, true},   {NNX_UINT8, 8, false},   {NNX_INT32, 32, true},
    {NNX_UINT32, 32, false}, {NNX_INT64, 64, true}, {NNX_UINT64, 64, false},
};

/* Stores the low `size` bytes of a two's-complement value in native byte order. */
static void store_bits(uint64_t bits, size_t size, unsigned char *dst)
{
    uint8_t b8 = (uint8_t)bits;
    uint16_t b16 = (uint16_t)bits;
    uint32_t b32 = (uint32_t)bits;
    switch (size) {
    case 1: memcpy(dst, &b8, 1); break;
    case 2: memcpy(dst, &b16, 2); break;
    case 4: memcpy(dst, &b32, 4); break;
    default: memcpy(dst, &bits, 8); break;
    }
}

/* One integer element, range-checked for its type (int4 is stored unpacked, sign-extended). */
static bool store_int(const cJSON *v, nnx_dtype dtype, unsigned char *dst, cf_msg *err)
{
    int_value iv;
    for (size_t i = 0; i < sizeof INT_TYPES / sizeof INT_TYPES[0]; i++) {
        if (INT_TYPES[i].dtype != dtype)
            continue;
        int64_t s = 0;
        uint64_t u = 0;
        if (!parse_int(v, &iv, err))
            return false;
        if (INT_TYPES[i].is_signed ? !int_to_signed(iv, INT_TYPES[i].bits, &s, err)
                                   : !int_to_unsigned(iv, INT_TYPES[i].bits, &u, err))
            return false;
        store_bits(INT_TYPES[i].is_signed ? (uint64_t)s : u, nnx_dtype_size(dtype), dst);
        return true;
    }
    return cf_fail(err, "data type %d is not supported by the runner", (int)dtype);
}

/* Writes one element of dtype at dst. float32 rounds the binary64 once, as JavaScript's
 * Float32Array does; float16 rounds the binary64 once to half, as Float16Array does. */
static bool store_element(const cJSON *v, nnx_dtype dtype, unsigned char *dst, cf_msg *err)
{
    double real;
    if (dtype != NNX_FLOAT32 && dtype != NNX_FLOAT16)
        return store_int(v, dtype, dst, err);
    if (!parse_real(v, &real, err))
        return false;
    if (dtype == NNX_FLOAT16) {
        uint16_t h = nnx_f64_to_f16(real);
        memcpy(dst, &h, sizeof h);
    } else {
        float f = (float)real;
        memcpy(dst, &f, sizeof f);
    }
    return true;
}

bool cf_data_to_bytes(const cJSON *data, const nnx_operand_desc *desc, void **out, size_t *size, cf_msg *err)
{
    size_t count = cf_desc_elements(desc);
    size_t elem = nnx_dtype_size(desc->dtype);
    bool fill = !cJSON_IsArray(data); /* one value for every element */
    *out = NULL;
    if (elem == 0)
        return cf_fail(err, "data type without a size");
    if (!fill && (size_t)cJSON_GetArraySize(data) != count)
        return cf_fail(err, "data has %d values, the shape has %zu elements", cJSON_GetArraySize(data), count);
    unsigned char *buf = malloc(count > 0 ? count * elem : 1);
    if (!buf)
        return cf_fail(err, "out of memory for %zu elements", count);
    /* Walk the child list instead of indexing: cJSON_GetArrayItem is linear per call. */
    const cJSON *item = fill ? data : data->child;
    for (size_t i = 0; i < count; i++) {
        cf_msg inner;
        if (!store_element(item, desc->dtype, buf + i * elem, &inner)) {
            free(buf);
            return cf_fail(err, "data[%zu]: %s", i, inner.text);
        }
        if (!fill)
            item = item->next;
    }
    *out = buf;
    *size = count * elem;
    return true;
}

bool cf_parse_number(const cJSON *value, nnx_number *out, cf_msg *err)
{
    double d;
    if (cJSON_IsNumber(value)) {
        *out = nnx_f64(value->valuedouble); /* a JavaScript Number is a binary64 */
        return true;
    }
    if (!cJSON_IsString(value))
        return cf_fail(err, "expected a number");
    if (parse_special(value->valuestring, &d)) {
        *out = nnx_f64(d);
        return true;
    }
    int_value iv;
    int64_t s = 0;
    if (!parse_int_string(value->valuestring, &iv, err))
        return false;
    if (iv.negative || iv.magnitude <= (uint64_t)INT64_MAX) {
        if (!int_to_signed(iv, 64, &s, err))
            return false;
        *out = nnx_i64(s);
    } else {
        *out = nnx_u64(iv.magnitude);
    }
    return true;
}
