/* onnx_ops_random.c — the random operators (ONNX Operators: RandomUniform, RandomNormal,
 * RandomUniformLike, RandomNormalLike, Bernoulli; Dropout with training_mode). The draws are
 * made when the model is loaded, into a constant: from the node's `seed` attribute, else from
 * the model's seed (nnx_model_options.seed) mixed with the node's position, so a model gives
 * the same draws at every load and every dispatch. Bernoulli and training Dropout compare
 * that constant with their run-time input. */
#include "formats/onnx/onnx_build.h"

#include <math.h>

/* splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
 * 2014): element i of a stream is the mix of seed + (i + 1) * golden gamma. */
static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double uniform01(uint64_t seed, uint64_t i) /* in [0, 1), 53 random bits */
{
    return (double)(mix(seed + (i + 1) * 0x9e3779b97f4a7c15u) >> 11) * 0x1p-53;
}

/* The seed of node n: its `seed` attribute (a float, taken as an integer), else the
 * model's seed mixed with the node's position in the graph. */
static uint64_t seed_of(ox *c, const Onnx__NodeProto *n)
{
    const Onnx__AttributeProto *a = ox_attr(n, "seed");
    if (a && a->has_f) {
        double s = a->f;
        return isfinite(s) ? (uint64_t)(int64_t)fmax(fmin(s, 9.2e18), -9.2e18) : 0;
    }
    return mix(c->options->seed ^ mix((uint64_t)c->m->n_ops));
}

typedef enum { DRAW_UNIFORM, DRAW_NORMAL } draw_kind;

/* A constant of float64 draws of shape d (dtype ignored): uniform in [a, b), or normal with
 * mean a and standard deviation b (Box–Muller on two uniforms per element). */
static nnx_status draws(ox *c, const Onnx__NodeProto *n, draw_kind kind, double a, double b, nnx_operand_desc d,
                        uint32_t *id)
{
    uint64_t count;
    d.dtype = NNX_FLOAT64;
    if (!nnx_desc_elements(&d, &count) || count > NNX_ONNX_LOAD_BYTES / sizeof(double))
        return unsupported(c, "%s draws more than 256 MiB of values", n->op_type);
    double *v = ox_calloc(c, count ? (size_t)count : 1, sizeof *v);
    if (!v)
        return NNX_ERROR_OUT_OF_MEMORY;
    uint64_t seed = seed_of(c, n);
    for (uint64_t i = 0; i < count; i++) {
        if (kind == DRAW_UNIFORM) {
            v[i] = a + (b - a) * uniform01(seed, i);
        } else {
            double u1 = 1.0 - uniform01(seed, 2 * i), u2 = uniform01(seed, 2 * i + 1); /* u1 in (0, 1] */
            v[i] = a + b * sqrt(-2.0 * log(u1)) * cos(2.0 * M_PI * u2);
        }
    }
    nnx_status st = ox_const(c, &d, v, id);
    nnx_mem_free(c->ir->alloc, v);
    return st;
}

/* The output dtype: the `dtype` attribute (a TensorProto type), else def. */
static nnx_status dtype_of(ox *c, const Onnx__NodeProto *n, nnx_dtype def, nnx_dtype *out)
{
    const Onnx__AttributeProto *a = ox_attr(n, "dtype");
    *out = a ? nnx_onnx_dtype((int32_t)a->i) : def;
    if (*out == NNX_DTYPE_UNDEFINED)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "dtype %s is not supported", nnx_onnx_type_name((int32_t)a->i));
    return NNX_OK;
}

/* RandomUniform / RandomNormal (shape attribute) and their *Like forms (the input's shape;
 * dtype defaults to the input's). */
static nnx_status random_op(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out,
                            draw_kind kind, bool like)
{
    nnx_operand_desc d = {0};
    nnx_dtype def = NNX_FLOAT32;
    if (like) {
        d = ox_desc(c, in[0]);
        def = d.dtype;
    } else {
        size_t k = 0;
        const int64_t *shape = ox_attr_ints(n, "shape", &k);
        if (!shape)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "attribute 'shape' is required");
        if (k > NNX_MAX_RANK)
            return unsupported(c, "%s of rank above 8 is not supported", n->op_type);
        d.rank = (uint32_t)k;
        for (size_t i = 0; i < k; i++) {
            if (shape[i] < 0 || shape[i] > UINT32_MAX)
                return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "shape[%zu] = %lld is out of range", i,
                               (long long)shape[i]);
            d.shape[i] = (uint32_t)shape[i];
        }
    }
    nnx_dtype dt;
    CHECK(dtype_of(c, n, def, &dt));
    if (!nnx_dtype_is_floating_point(dt))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "dtype %s is not a floating-point type", nnx_dtype_name(dt));
    double a = kind == DRAW_UNIFORM ? ox_attr_f(n, "low", 0.0f) : ox_attr_f(n, "mean", 0.0f);
    double b = kind == DRAW_UNIFORM ? ox_attr_f(n, "high", 1.0f) : ox_attr_f(n, "scale", 1.0f);
    uint32_t v;
    CHECK(draws(c, n, kind, a, b, d, &v));
    return cast(c, v, dt, &out[0]);
}

nnx_status nnx_onnx_op_random_uniform(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    return random_op(c, n, in, n_in, out, DRAW_UNIFORM, false);
}

nnx_status nnx_onnx_op_random_normal(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    return random_op(c, n, in, n_in, out, DRAW_NORMAL, false);
}

nnx_status nnx_onnx_op_random_uniform_like(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                           uint32_t *out)
{
    return random_op(c, n, in, n_in, out, DRAW_UNIFORM, true);
}

nnx_status nnx_onnx_op_random_normal_like(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                          uint32_t *out)
{
    return random_op(c, n, in, n_in, out, DRAW_NORMAL, true);
}

/* Bernoulli: 1 where a uniform draw in [0, 1) is below the input probability, else 0, in
 * `dtype` (default the input's). */
nnx_status nnx_onnx_op_bernoulli(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    nnx_dtype dt;
    CHECK(dtype_of(c, n, d.dtype, &dt));
    uint32_t u, p, hit;
    CHECK(draws(c, n, DRAW_UNIFORM, 0.0, 1.0, d, &u));
    CHECK(cast(c, in[0], NNX_FLOAT64, &p));
    CHECK(bin(c, NNX_OP_LESS, u, p, &hit));
    return cast(c, hit, dt, &out[0]);
}

nnx_status nnx_onnx_dropout_training(ox *c, const Onnx__NodeProto *n, uint32_t x, double ratio, uint32_t *out)
{
    if (!(ratio >= 0 && ratio < 1))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "ratio %g is not in [0, 1)", ratio);
    uint32_t u, keep, scaled, zero;
    CHECK(draws(c, n, DRAW_UNIFORM, 0.0, 1.0, ox_desc(c, x), &u));
    CHECK(bin_scalar(c, NNX_OP_GREATER_EQUAL, u, ratio, &keep));
    CHECK(bin_scalar(c, NNX_OP_DIV, x, 1.0 - ratio, &scaled)); /* x / (1 - ratio), as the spec writes it */
    CHECK(scalar_like(c, x, 0.0, &zero));
    uint32_t w[3] = {keep, scaled, zero};
    CHECK(ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &out[0]));
    if (n->n_output > 1)
        out[1] = keep;
    return NNX_OK;
}
