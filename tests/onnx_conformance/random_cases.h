/* random_cases.h — the backend cases whose operators draw random values (Bernoulli, Dropout
 * in training mode): their expected outputs come from another generator, so the runner
 * checks what any correct draw satisfies instead (random_cases.c). */
#ifndef NNX_ONNX_CONFORMANCE_RANDOM_CASES_H
#define NNX_ONNX_CONFORMANCE_RANDOM_CASES_H

#include "roundtrip.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum rc_kind { RC_NONE, RC_BERNOULLI, RC_DROPOUT } rc_kind;

/* The kind of the case whose model is at path (by the case's folder name). */
rc_kind rc_kind_of(const char *path);

/* Output k (got, of type gd) against its expected tensor and the case's inputs: same type;
 * Bernoulli: every value 0 or 1, 0 where p is 0 and 1 where p is 1; Dropout: y is 0 or
 * x / (1 - ratio) element by element (ratio: input 1, default 0.5), the mask is true exactly
 * where y keeps x. why gets the first violation. */
bool rc_compare(rc_kind kind, size_t k, const nnx_operand_desc *gd, const void *got, const rt_tensor *want,
                const rt_tensor *in, size_t n_in, const void *const *got_all, char *why, size_t wl);

#endif
