/* vmath.h — float32 exp, sigmoid and tanh over arrays, and the pieces of softmax built on the
 * same exp, vectorised for the CPU level (AVX-512 F, AVX2 + FMA, portable C). Not correctly
 * rounded: within NNX_VEXP_ULP / NNX_VSIGMOID_ULP / NNX_VTANH_ULP of the correctly rounded
 * result (a few smallest subnormals where it is subnormal), tests/unit/cpu/test_cpu_vmath.c.
 * An element's result depends only on its input and the level, never on n or alignment. */
#ifndef NNX_CPU_VMATH_H
#define NNX_CPU_VMATH_H

#include "cpu/features.h"

#include <stddef.h>

/* The error bounds the tests hold every level to, in units in the last place. */
#define NNX_VEXP_ULP 2
#define NNX_VSIGMOID_ULP 3
#define NNX_VTANH_ULP 3
/* softmax_fast.c's results, built from the pieces below: one exp, the relative error of the
 * sum (at most the terms'), the product by 1 / sum. */
#define NNX_VSOFTMAX_ULP 4

typedef enum nnx_vfunc { NNX_VEXP, NNX_VSIGMOID, NNX_VTANH } nnx_vfunc;

/* y[i] = f(x[i]) for i < n with the kernels of level (NNX_CPU_REFERENCE and NNX_CPU_GENERIC
 * both run the portable C ones); x == y is allowed, other overlaps are not. NaN gives a quiet
 * NaN; exp: +inf -> +inf, -inf -> +0, overflow -> +inf, gradual underflow to +0; sigmoid:
 * +-inf -> 1 / +0; tanh: odd (tanh(-0) = -0), +-inf -> +-1. */
void nnx_vmath(nnx_cpu_level level, nnx_vfunc f, const float *x, float *y, size_t n);

/* The same at nnx_cpu_level_get(). */
void nnx_vexp(const float *x, float *y, size_t n);
void nnx_vsigmoid(const float *x, float *y, size_t n);
void nnx_vtanh(const float *x, float *y, size_t n);

/* Softmax pieces. nnx_vmax: the largest of x[0 .. n), n >= 1, NaN if any element is NaN.
 * nnx_vexp_sum: y[i] = exp(x[i] - shift) with the difference taken exactly (not rounded to
 * float first), for finite shift >= every x[i], x == y allowed; returns the sum of the y[i]
 * in double (in an order fixed by level and n). nnx_vscale: y[i] = y[i] * s in double,
 * rounded once. */
float nnx_vmax(nnx_cpu_level level, const float *x, size_t n);
double nnx_vexp_sum(nnx_cpu_level level, const float *x, float shift, float *y, size_t n);
void nnx_vscale(nnx_cpu_level level, float *y, double s, size_t n);

#endif
