/* rsqrt.c — the reference kernel of core rsqrt (ops.def): 1 / sqrt(x) on float
 * types, computed in double and rounded once to the type (TOSA RSQRT allows 2 ulp; NNEF
 * rsqrt). IEEE cases: rsqrt(+0) = +inf, rsqrt(-0) = -inf, x < 0 and NaN give NaN,
 * rsqrt(+inf) = +0. Its own op rather than rcp(sqrt(x)), which would round twice. */
#include "ops/table.h"
#include "ir/elem.h"

#include <math.h>

nnx_status nnx_ref_rsqrt(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    (void)args;
    nnx_dtype dt = in[0].desc.dtype;
    uint64_t n = 1;
    for (uint32_t i = 0; i < in[0].desc.rank; i++)
        n *= in[0].desc.shape[i]; /* validated at build time: fits 2^31 */
    for (uint64_t i = 0; i < n; i++) {
        double x = nnx_load_f(dt, in[0].data, i);
        double r = x == 0 ? copysign(INFINITY, x) : 1.0 / sqrt(x);
        nnx_store_f(dt, out[0].data, i, r);
    }
    return NNX_OK;
}
