/* random_cases.c — the checks of random_cases.h: what every correct draw of Bernoulli and
 * training-mode Dropout gives (ONNX Operators, Bernoulli; Dropout), element by element. */
#include "random_cases.h"

#include "ir/dtypes.h"
#include "ir/elem.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

rc_kind rc_kind_of(const char *path)
{
    if (strstr(path, "/test_bernoulli"))
        return RC_BERNOULLI;
    if (strstr(path, "/test_training_dropout") && !strstr(path, "zero_ratio"))
        return RC_DROPOUT;
    return RC_NONE;
}

static bool same_type(const nnx_operand_desc *gd, const rt_tensor *want, char *why, size_t wl)
{
    if (gd->dtype == want->desc.dtype && gd->rank == want->desc.rank &&
        memcmp(gd->shape, want->desc.shape, gd->rank * sizeof *gd->shape) == 0)
        return true;
    char a[128], b[128];
    snprintf(why, wl, "output '%s' is %s, expected %s", want->name, nnx_desc_format(gd, a, sizeof a),
             nnx_desc_format(&want->desc, b, sizeof b));
    return false;
}

static bool bernoulli(const nnx_operand_desc *gd, const void *got, const rt_tensor *p, const rt_tensor *want, char *why,
                      size_t wl)
{
    uint64_t n = rt_elements(gd);
    for (uint64_t i = 0; i < n; i++) {
        double y = nnx_load_f(gd->dtype, got, i), q = nnx_load_f(p->desc.dtype, p->data, i);
        if ((y != 0 && y != 1) || (q == 0 && y != 0) || (q == 1 && y != 1)) {
            snprintf(why, wl, "output '%s' element %llu is %g for probability %g", want->name, (unsigned long long)i, y,
                     q);
            return false;
        }
    }
    return true;
}

static bool dropout(size_t k, const nnx_operand_desc *gd, const void *got, const rt_tensor *in, size_t n_in,
                    const void *const *got_all, const rt_tensor *want, char *why, size_t wl)
{
    const rt_tensor *x = &in[0];
    double ratio = n_in > 1 ? nnx_load_f(in[1].desc.dtype, in[1].data, 0) : 0.5;
    uint64_t n = rt_elements(gd);
    for (uint64_t i = 0; i < n; i++) {
        double xi = nnx_load_f(x->desc.dtype, x->data, i), kept = xi / (1.0 - ratio);
        double yi = k == 0 ? nnx_load_f(gd->dtype, got, i) : nnx_load_f(x->desc.dtype, got_all[0], i);
        bool keeps = yi != 0 && fabs(yi - kept) <= 1e-6 * fabs(kept);
        if (k == 0 && yi != 0 && !keeps) {
            snprintf(why, wl, "output '%s' element %llu is %.9g, neither 0 nor x / (1 - ratio) = %.9g", want->name,
                     (unsigned long long)i, yi, kept);
            return false;
        }
        if (k == 1 && xi != 0 && (nnx_load_f(gd->dtype, got, i) != 0) != keeps) {
            snprintf(why, wl, "mask element %llu disagrees with output 0", (unsigned long long)i);
            return false;
        }
    }
    return true;
}

bool rc_compare(rc_kind kind, size_t k, const nnx_operand_desc *gd, const void *got, const rt_tensor *want,
                const rt_tensor *in, size_t n_in, const void *const *got_all, char *why, size_t wl)
{
    if (!same_type(gd, want, why, wl))
        return false;
    if (n_in == 0) {
        snprintf(why, wl, "the case has no inputs");
        return false;
    }
    return kind == RC_BERNOULLI ? bernoulli(gd, got, &in[0], want, why, wl)
                                : dropout(k, gd, got, in, n_in, got_all, want, why, wl);
}
