/* compare.c — element comparison of a conformance case's outputs against the expected data:
 * ULP distance in sign-magnitude order for float32/float16 (+0 == -0), an optional absolute
 * budget (log-like operators), exact equality for integers. The first failing element is
 * described with both values, their bit patterns and the tolerance. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/float_convert.h"
#include "conformance.h"

/* The bit pattern of element i of a float32 or float16 buffer. */
static uint32_t float_bits(nnx_dtype dtype, const void *buf, size_t i)
{
    if (dtype == NNX_FLOAT32) {
        uint32_t b;
        memcpy(&b, (const unsigned char *)buf + i * 4, 4);
        return b;
    }
    uint16_t h;
    memcpy(&h, (const unsigned char *)buf + i * 2, 2);
    return h;
}

static double bits_value(nnx_dtype dtype, uint32_t bits)
{
    if (dtype == NNX_FLOAT16)
        return nnx_f16_to_f32((uint16_t)bits);
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

static uint32_t sign_mask(nnx_dtype dtype) { return dtype == NNX_FLOAT32 ? 0x80000000u : 0x8000u; }
static uint32_t inf_bits(nnx_dtype dtype) { return dtype == NNX_FLOAT32 ? 0x7f800000u : 0x7c00u; }

static bool bits_nan(nnx_dtype dtype, uint32_t bits) { return (bits & ~sign_mask(dtype)) > inf_bits(dtype); }

/* Sign-magnitude patterns mapped onto a line where adjacent floats differ by one and both
 * zeros sit at 0; the ULP distance is then a plain difference, and a pair across zero
 * counts both magnitudes. */
static int64_t ordered(nnx_dtype dtype, uint32_t bits)
{
    int64_t magnitude = bits & ~sign_mask(dtype);
    return (bits & sign_mask(dtype)) ? -magnitude : magnitude;
}

static uint64_t ulp_distance(nnx_dtype dtype, uint32_t a, uint32_t b)
{
    int64_t d = ordered(dtype, a) - ordered(dtype, b);
    return (uint64_t)(d < 0 ? -d : d);
}

/* The gap between |value| (a finite pattern) and the next larger magnitude of its type; at the
 * largest finite value the gap below is used, since the next pattern is infinity. */
static double spacing(nnx_dtype dtype, uint32_t bits)
{
    uint32_t m = bits & ~sign_mask(dtype);
    if (m + 1 >= inf_bits(dtype))
        m--;
    return bits_value(dtype, m + 1) - bits_value(dtype, m);
}

/* Whether one float element is within tol; *distance gets the ULP distance. */
static bool float_within(nnx_dtype dtype, uint32_t actual, uint32_t expected, cf_tolerance tol, uint64_t *distance)
{
    *distance = 0;
    if (bits_nan(dtype, expected))
        return bits_nan(dtype, actual);
    if (bits_nan(dtype, actual))
        return false;
    *distance = ulp_distance(dtype, actual, expected);
    if (*distance <= tol.ulp)
        return true;
    if (tol.abs <= 0 || (expected & ~sign_mask(dtype)) == inf_bits(dtype))
        return false; /* an infinity is only matched by itself */
    double a = bits_value(dtype, actual), e = bits_value(dtype, expected);
    return fabs(a - e) <= tol.abs + (double)tol.ulp * spacing(dtype, expected);
}

static bool is_float(nnx_dtype dtype) { return dtype == NNX_FLOAT32 || dtype == NNX_FLOAT16; }

/* Integer element i as text (exact for every width). */
static void format_int(nnx_dtype dtype, const void *buf, size_t i, char *out, size_t len)
{
    const unsigned char *p = (const unsigned char *)buf + i * nnx_dtype_size(dtype);
    int8_t s8;
    int32_t s32;
    int64_t s64;
    uint32_t u32;
    uint64_t u64;
    switch (dtype) {
    case NNX_INT4:
    case NNX_INT8:
        memcpy(&s8, p, 1);
        snprintf(out, len, "%d", s8);
        break;
    case NNX_UINT8:
    case NNX_BOOL: snprintf(out, len, "%u", *p); break;
    case NNX_INT32:
        memcpy(&s32, p, 4);
        snprintf(out, len, "%ld", (long)s32);
        break;
    case NNX_UINT32:
        memcpy(&u32, p, 4);
        snprintf(out, len, "%lu", (unsigned long)u32);
        break;
    case NNX_INT64:
        memcpy(&s64, p, 8);
        snprintf(out, len, "%lld", (long long)s64);
        break;
    case NNX_UINT64:
        memcpy(&u64, p, 8);
        snprintf(out, len, "%llu", (unsigned long long)u64);
        break;
    default: snprintf(out, len, "?"); break;
    }
}

/* A float element as "value (0xbits)"; 9 / 5 significant digits round-trip float32 / f16. */
static void format_float(nnx_dtype dtype, uint32_t bits, char *out, size_t len)
{
    if (dtype == NNX_FLOAT32)
        snprintf(out, len, "%.9g (0x%08lx)", bits_value(dtype, bits), (unsigned long)bits);
    else
        snprintf(out, len, "%.5g (0x%04lx)", bits_value(dtype, bits), (unsigned long)bits);
}

static void format_tolerance(cf_tolerance tol, char *out, size_t len)
{
    if (tol.abs > 0)
        snprintf(out, len, "%g absolute + %llu ULP", tol.abs, (unsigned long long)tol.ulp);
    else
        snprintf(out, len, "%llu ULP", (unsigned long long)tol.ulp);
}

static bool compare_floats(const char *name, nnx_dtype dtype, const void *actual, const void *expected, size_t count,
                           cf_tolerance tol, cf_msg *why)
{
    size_t first = count, bad = 0;
    uint64_t first_distance = 0;
    for (size_t i = 0; i < count; i++) {
        uint64_t distance;
        if (float_within(dtype, float_bits(dtype, actual, i), float_bits(dtype, expected, i), tol, &distance))
            continue;
        if (bad++ == 0) {
            first = i;
            first_distance = distance;
        }
    }
    if (bad == 0)
        return true;
    char a[64], e[64], t[64], d[48];
    uint32_t ab = float_bits(dtype, actual, first), eb = float_bits(dtype, expected, first);
    format_float(dtype, ab, a, sizeof a);
    format_float(dtype, eb, e, sizeof e);
    format_tolerance(tol, t, sizeof t);
    if (bits_nan(dtype, ab) || bits_nan(dtype, eb)) /* no distance: NaN must meet NaN */
        snprintf(d, sizeof d, "NaN mismatch");
    else
        snprintf(d, sizeof d, "distance %llu ULP", (unsigned long long)first_distance);
    return cf_fail(why,
                   "output '%s' index %zu: expected %s, actual %s, %s, tolerance %s "
                   "(%zu of %zu elements differ)",
                   name, first, e, a, d, t, bad, count);
}

static bool compare_ints(const char *name, nnx_dtype dtype, const void *actual, const void *expected, size_t count,
                         cf_msg *why)
{
    size_t size = nnx_dtype_size(dtype), first = count, bad = 0;
    for (size_t i = 0; i < count; i++) {
        if (memcmp((const unsigned char *)actual + i * size, (const unsigned char *)expected + i * size, size) != 0 &&
            bad++ == 0)
            first = i;
    }
    if (bad == 0)
        return true;
    char a[32], e[32];
    format_int(dtype, actual, first, a, sizeof a);
    format_int(dtype, expected, first, e, sizeof e);
    return cf_fail(why,
                   "output '%s' index %zu: expected %s, actual %s, tolerance exact "
                   "(%zu of %zu elements differ)",
                   name, first, e, a, bad, count);
}

bool cf_compare(const char *output_name, nnx_dtype dtype, const void *actual, const void *expected, size_t count,
                cf_tolerance tol, cf_msg *why)
{
    if (is_float(dtype))
        return compare_floats(output_name, dtype, actual, expected, count, tol, why);
    if (nnx_dtype_size(dtype) == 0)
        return cf_fail(why, "output '%s': data type %d cannot be compared", output_name, (int)dtype);
    return compare_ints(output_name, dtype, actual, expected, count, why);
}
