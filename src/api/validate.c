/* validate.c — descriptor and buffer checks, and WebNN's number casting (§9: ConvertToFloat
 * and ConvertToInt, with the uint32 spec bug read as unsigned). */
#include "api/validate.h"
#include "ir/dtypes.h"
#include "ir/elem.h"

#include <math.h>

static nnx_status check_desc(const nnx_operand_desc *d, bool empty_ok, nnx_error *err)
{
    if (!nnx_dtype_valid(d->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "data type %d is not a data type", (int)d->dtype);
    if (d->rank > NNX_MAX_RANK)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "rank %u exceeds the maximum rank %d", d->rank,
                             NNX_MAX_RANK);
    uint64_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++) {
        if ((d->shape[i] == 0 && !empty_ok) || d->shape[i] > NNX_MAX_DIMENSION)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "dimension %u is %u, it must be 1 to 2^31-1", i,
                                 d->shape[i]);
        n *= d->shape[i]; /* <= (2^31)^2 before the check below trips */
        if (n > NNX_MAX_DIMENSION)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the element count exceeds 2^31-1");
    }
    return NNX_OK;
}

nnx_status nnx_check_desc(const nnx_operand_desc *d, nnx_error *err) { return check_desc(d, false, err); }

nnx_status nnx_check_tensor_desc(const nnx_operand_desc *d, nnx_error *err) { return check_desc(d, true, err); }

static nnx_status check_buffer(const nnx_operand_desc *d, const void *data, size_t size, bool empty_ok, nnx_error *err)
{
    nnx_status st = check_desc(d, empty_ok, err);
    if (st != NNX_OK)
        return st;
    size_t bytes;
    nnx_desc_bytes(d, &bytes);
    if (size != bytes)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "data is %zu bytes, the descriptor needs %zu", size,
                             bytes);
    if (!data && size)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "data is NULL");
    return NNX_OK;
}

nnx_status nnx_check_buffer(const nnx_operand_desc *d, const void *data, size_t size, nnx_error *err)
{
    return check_buffer(d, data, size, false, err);
}

nnx_status nnx_check_tensor_buffer(const nnx_operand_desc *d, const void *data, size_t size, nnx_error *err)
{
    return check_buffer(d, data, size, true, err);
}

double nnx_number_to_double(nnx_number n, double fallback)
{
    switch (n.kind) {
    case NNX_NUMBER_FLOAT64: return n.value.f64;
    case NNX_NUMBER_INT64: return (double)n.value.i64;
    case NNX_NUMBER_UINT64: return (double)n.value.u64;
    default: return fallback;
    }
}

/* ConvertToFloat: round to the target format once. int64/uint64 go to float32 through C's
 * correctly rounded integer conversion; to narrower formats through double, exact for
 * every value that does not overflow them anyway. */
static double to_float(nnx_number n, nnx_dtype dt)
{
    if (dt == NNX_FLOAT32) {
        if (n.kind == NNX_NUMBER_INT64)
            return (float)n.value.i64;
        if (n.kind == NNX_NUMBER_UINT64)
            return (float)n.value.u64;
        return (float)n.value.f64;
    }
    unsigned char tmp[8] = {0};
    nnx_store_f(dt, tmp, 0, nnx_number_to_double(n, 0));
    return nnx_load_f(dt, tmp, 0);
}

/* ConvertToInt: clamp to [min, max], then round half to even; NaN -> 0. */
static nnx_scalar to_int(nnx_number n, nnx_dtype dt)
{
    nnx_scalar r = {0};
    bool is_signed = nnx_dtype_kind_of(dt) == NNX_KIND_SINT;
    int64_t lo = nnx_dtype_int_min(dt);
    uint64_t hi = nnx_dtype_int_max(dt);
    switch (n.kind) {
    case NNX_NUMBER_INT64:
        if (is_signed)
            r.i = n.value.i64 < lo ? lo : (uint64_t)n.value.i64 > hi && n.value.i64 > 0 ? (int64_t)hi : n.value.i64;
        else
            r.u = n.value.i64 < 0 ? 0 : (uint64_t)n.value.i64 > hi ? hi : (uint64_t)n.value.i64;
        return r;
    case NNX_NUMBER_UINT64:
        if (is_signed)
            r.i = n.value.u64 > hi ? (int64_t)hi : (int64_t)n.value.u64;
        else
            r.u = n.value.u64 > hi ? hi : n.value.u64;
        return r;
    default: break;
    }
    double x = n.value.f64;
    if (isnan(x))
        return r;
    if (is_signed) {
        if (x <= (double)lo)
            r.i = lo;
        else if (x >= (double)hi)
            r.i = (int64_t)hi; /* (double)INT64_MAX rounds up to 2^63 */
        else
            r.i = (int64_t)nearbyint(x);
    } else {
        if (x <= 0)
            r.u = 0;
        else if (x >= (double)hi)
            r.u = hi;
        else
            r.u = (uint64_t)nearbyint(x);
    }
    return r;
}

nnx_scalar nnx_number_cast(nnx_number n, nnx_dtype dt)
{
    if (nnx_dtype_is_float(dt))
        return (nnx_scalar){.f = to_float(n, dt)};
    if (dt == NNX_BOOL) {
        double x = nnx_number_to_double(n, 0);
        return (nnx_scalar){.u = !isnan(x) && x != 0};
    }
    return to_int(n, dt);
}

void nnx_scalar_store(nnx_dtype dt, nnx_scalar v, void *dst)
{
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_FLOAT: nnx_store_f(dt, dst, 0, v.f); break;
    case NNX_KIND_SINT: nnx_store_i(dt, dst, 0, v.i); break;
    default: nnx_store_i(dt, dst, 0, (int64_t)v.u); break;
    }
}
