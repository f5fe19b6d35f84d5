/* tensor.c — the compliance runner's tensors: any dtype, elements read and written as
 * double or int64 through the library's element helpers (ir/elem.h), shape_t value
 * tensors and one-element constants (zero points, shifts, pad values). */
#include "tc_runner.h"

#include "ir/elem.h"
#include "ir/shape.h"
#include "checker/compliance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tc_tensor tc_tensor_make(nnx_dtype dt, uint32_t rank, const uint32_t *shape)
{
    tc_tensor t = {dt, rank, {0}, NULL};
    size_t n = 1;
    for (uint32_t i = 0; i < rank; i++) {
        t.shape[i] = shape[i];
        n *= shape[i];
    }
    t.data = calloc(n ? n : 1, nnx_dtype_size(dt) ? nnx_dtype_size(dt) : 1);
    if (!t.data) {
        fprintf(stderr, "nnx-tosa-compliance: out of memory\n");
        exit(2);
    }
    return t;
}

tc_tensor tc_tensor_1d(nnx_dtype dt, size_t n)
{
    uint32_t s = (uint32_t)n;
    return tc_tensor_make(dt, 1, &s);
}

void tc_tensor_free(tc_tensor *t)
{
    free(t->data);
    t->data = NULL;
}

size_t tc_count(const tc_tensor *t) { return (size_t)nnx_shape_elements(t->shape, t->rank); }
double tc_get_f(const tc_tensor *t, size_t i) { return nnx_load_f(t->dtype, t->data, i); }
int64_t tc_get_i(const tc_tensor *t, size_t i) { return nnx_load_i(t->dtype, t->data, i); }
void tc_set_f(tc_tensor *t, size_t i, double v) { nnx_store_f(t->dtype, t->data, i, v); }
void tc_set_i(tc_tensor *t, size_t i, int64_t v) { nnx_store_i(t->dtype, t->data, i, v); }

double tc_rand(uint32_t set, uint32_t i) { return nnx_tc_set_data(set, i); }

tc_tensor tc_shape_values(const int64_t *v, uint32_t n)
{
    tc_tensor t = tc_tensor_1d(NNX_INT64, n);
    for (uint32_t i = 0; i < n; i++)
        tc_set_i(&t, i, v[i]);
    return t;
}

tc_tensor tc_scalar(nnx_dtype dt, double v)
{
    tc_tensor t = tc_tensor_1d(dt, 1);
    if (nnx_dtype_is_float(dt))
        tc_set_f(&t, 0, v);
    else
        tc_set_i(&t, 0, (int64_t)v);
    return t;
}
