/* roundtrip.h — the runner's --nnef mode (roundtrip.c): ONNX -> NNEF -> run -> compare,
 * through the public API only. */
#ifndef NNX_ONNX_CONFORMANCE_ROUNDTRIP_H
#define NNX_ONNX_CONFORMANCE_ROUNDTRIP_H

#include "nnx.h"

#define RT_MAX 32

typedef struct rt_tensor {
    char name[256];
    nnx_operand_desc desc;
    void *data;
} rt_tensor;

typedef struct rt_state {
    nnx_context *ctx; /* created on first use */
    char dir[64];     /* scratch folder for the .tgz */
    size_t same, differ, not_convertible;
} rt_state;

typedef enum rt_outcome { RT_SAME, RT_DIFFER, RT_NOT_CONVERTIBLE } rt_outcome;

/* Compares a computed output with the expected tensor; why gets the first difference. */
typedef bool (*rt_compare_fn)(const nnx_operand_desc *got_desc, const void *got, rt_tensor *want, char *why, size_t wl);

static inline uint64_t rt_elements(const nnx_operand_desc *d)
{
    uint64_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    return n;
}

rt_outcome rt_check(rt_state *rs, const char *model, const rt_tensor *in, size_t n_in, rt_tensor *out, size_t n_out,
                    rt_compare_fn compare, char *why, size_t wl);

#endif
