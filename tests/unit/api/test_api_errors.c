/* test_api_errors.c: negative tests of nnx_builder_build, the tensor calls and
 * nnx_context_dispatch (WebNN's `MLContext` and `MLGraphBuilder` method steps), one table row per
 * error condition, then positive tests proving the valid counterparts build, run and give the right
 * numbers, so a library that rejects everything cannot pass. Fixture and row runner:
 * builder_errors_fixture.h. */
#include "builder_errors_fixture.h"

#include <math.h>

/* ------------------------------------------------------------------ build */

static nnx_status build_with(fx *f, const nnx_named_operand *outs, size_t n)
{
    nnx_graph *g = (nnx_graph *)&g; /* must be reset to NULL on failure */
    nnx_status st = nnx_builder_build(f->b, outs, n, &g);
    if (st != NNX_OK)
        assert_null(g);
    return st;
}

static nnx_operand *relu_of_input(fx *f) { return nnx_builder_relu(f->b, X(F32, 2), NULL); }

static nnx_status build_no_outputs(fx *f)
{
    relu_of_input(f);
    return build_with(f, NULL, 0);
}

static nnx_status build_zero_count(fx *f)
{
    nnx_named_operand out = {"y", relu_of_input(f)};
    return build_with(f, &out, 0);
}

static nnx_status build_empty_name(fx *f)
{
    nnx_named_operand out = {"", relu_of_input(f)};
    return build_with(f, &out, 1);
}

static nnx_status build_null_name(fx *f)
{
    nnx_operand *y = relu_of_input(f);
    nnx_named_operand out[2] = {{"y", y}, {NULL, y}};
    return build_with(f, out, 2);
}

static nnx_status build_duplicate_name(fx *f)
{
    nnx_named_operand out[2] = {{"y", relu_of_input(f)}, {"y", relu_of_input(f)}};
    return build_with(f, out, 2);
}

static nnx_status build_output_input(fx *f)
{
    nnx_operand *x = X(F32, 2);
    nnx_named_operand out[2] = {{"r", nnx_builder_relu(f->b, x, NULL)}, {"x", x}};
    return build_with(f, out, 2);
}

static nnx_status build_output_constant(fx *f)
{
    nnx_named_operand out = {"c", K(F32, 2)};
    return build_with(f, &out, 1);
}

static nnx_status build_other_builder(fx *f)
{
    nnx_operand *other = nnx_builder_relu(f->b2, X2(F32, 2), NULL);
    nnx_named_operand out[2] = {{"y", relu_of_input(f)}, {"z", other}};
    return build_with(f, out, 2);
}

static nnx_status build_null_operand(fx *f)
{
    relu_of_input(f);
    nnx_named_operand out = {"y", NULL};
    return build_with(f, &out, 1);
}

static nnx_status build_twice(fx *f)
{
    spend_builder(f);
    nnx_named_operand out = {"y", NULL};
    return build_with(f, &out, 1);
}

/* ------------------------------------------------------------------ tensors */

static nnx_status tensor_write_readonly(fx *f)
{
    nnx_tensor *t = tensor_on(f->ctx, F32, SHAPE(2, 2), true, false);
    return nnx_tensor_write(t, zeros, 16);
}

static nnx_status tensor_write_constant(fx *f)
{
    return nnx_tensor_write(constant_tensor_on(f->ctx, F32, SHAPE(2, 2)), zeros, 16);
}

static nnx_status tensor_read_writeonly(fx *f)
{
    float out[4];
    nnx_tensor *t = tensor_on(f->ctx, F32, SHAPE(2, 2), false, true);
    return nnx_tensor_read(t, out, sizeof out);
}

static nnx_status tensor_read_constant(fx *f)
{
    float out[4];
    return nnx_tensor_read(constant_tensor_on(f->ctx, F32, SHAPE(2, 2)), out, sizeof out);
}

static nnx_status tensor_write_size(fx *f) { return nnx_tensor_write(T(f->ctx, F32, 2, 2), zeros, 15); }
static nnx_status tensor_write_null(fx *f) { return nnx_tensor_write(T(f->ctx, F32, 2, 2), NULL, 16); }

static nnx_status tensor_read_size(fx *f)
{
    float out[5];
    return nnx_tensor_read(T(f->ctx, F32, 2, 2), out, sizeof out - 3);
}

static nnx_status tensor_create_with(fx *f, nnx_operand_desc d)
{
    nnx_tensor_desc td = {d, true, true};
    nnx_tensor *t = (nnx_tensor *)&t;
    nnx_status st = nnx_tensor_create(f->ctx, &td, &t);
    assert_null(t);
    return st;
}
static nnx_status tensor_dtype0(fx *f) { return tensor_create_with(f, desc_of(NNX_DTYPE_UNDEFINED, SHAPE(2))); }
static nnx_status tensor_count(fx *f) { return tensor_create_with(f, desc_of(U8, SHAPE(1u << 16, 1u << 15))); }
static nnx_status tensor_rank9(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(1));
    d.rank = 9;
    return tensor_create_with(f, d);
}

static nnx_status tensor_null_desc(fx *f)
{
    nnx_tensor *t = NULL;
    return nnx_tensor_create(f->ctx, NULL, &t);
}

static nnx_status ctensor_create_with(fx *f, nnx_operand_desc d, const void *data, size_t size)
{
    nnx_tensor *t = (nnx_tensor *)&t;
    nnx_status st = nnx_tensor_create_constant(f->ctx, &d, data, size, &t);
    assert_null(t);
    return st;
}
static nnx_status ctensor_size(fx *f) { return ctensor_create_with(f, desc_of(F32, SHAPE(2, 2)), zeros, 15); }
static nnx_status ctensor_null_data(fx *f) { return ctensor_create_with(f, desc_of(F32, SHAPE(2, 2)), NULL, 16); }

/* ------------------------------------------------------------------ dispatch */

/* Builds y = a + b (both float32 [2, 3]) with an unused input "u" declared between them,
 * and makes read/write tensors ta, tb and ty (ty filled with the sentinel). */
static void make_add_graph(fx *f)
{
    nnx_operand *a = named_input(f->b, "a", F32, SHAPE(2, 3));
    named_input(f->b, "u", F32, SHAPE(2, 3));
    nnx_operand *b = named_input(f->b, "b", F32, SHAPE(2, 3));
    nnx_named_operand out = {"y", nnx_builder_add(f->b, a, b, NULL)};
    assert_int_equal(nnx_builder_build(f->b, &out, 1, &f->g), NNX_OK);
    assert_int_equal(nnx_graph_input_count(f->g), 2);
    f->ta = T(f->ctx, F32, 2, 3);
    f->tb = T(f->ctx, F32, 2, 3);
    f->ty = T(f->ctx, F32, 2, 3);
    float s[6] = {sentinel, sentinel, sentinel, sentinel, sentinel, sentinel};
    assert_int_equal(nnx_tensor_write(f->ty, s, sizeof s), NNX_OK);
}

static nnx_status dispatch2(fx *f, nnx_named_tensor in0, nnx_named_tensor in1, nnx_named_tensor out0)
{
    nnx_named_tensor in[2] = {in0, in1}, out[1] = {out0};
    return nnx_context_dispatch(f->ctx, f->g, in, 2, out, 1);
}

#define NT(name, t) ((nnx_named_tensor){name, t})

static nnx_status dispatch_other_context(fx *f)
{
    make_add_graph(f);
    f->err_ctx = f->ctx2;
    nnx_named_tensor in[2] = {NT("a", f->ta), NT("b", f->tb)}, out[1] = {NT("y", f->ty)};
    return nnx_context_dispatch(f->ctx2, f->g, in, 2, out, 1);
}

static nnx_status dispatch_null_graph(fx *f)
{
    make_add_graph(f);
    nnx_named_tensor in[2] = {NT("a", f->ta), NT("b", f->tb)}, out[1] = {NT("y", f->ty)};
    return nnx_context_dispatch(f->ctx, NULL, in, 2, out, 1);
}

static nnx_status dispatch_missing_input(fx *f)
{
    make_add_graph(f);
    nnx_named_tensor in[1] = {NT("a", f->ta)}, out[1] = {NT("y", f->ty)};
    return nnx_context_dispatch(f->ctx, f->g, in, 1, out, 1);
}

static nnx_status dispatch_unreachable_input(fx *f)
{
    make_add_graph(f);
    nnx_tensor *tu = T(f->ctx, F32, 2, 3);
    nnx_named_tensor in[3] = {NT("a", f->ta), NT("u", tu), NT("b", f->tb)}, out[1] = {NT("y", f->ty)};
    return nnx_context_dispatch(f->ctx, f->g, in, 3, out, 1);
}

static nnx_status dispatch_unknown_input(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("c", f->tb), NT("y", f->ty));
}

static nnx_status dispatch_null_name(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT(NULL, f->tb), NT("y", f->ty));
}

static nnx_status dispatch_input_twice(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("a", f->tb), NT("y", f->ty));
}

static nnx_status dispatch_same_tensor_in_out(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", f->tb), NT("y", f->ta));
}

static nnx_status dispatch_same_tensor_inputs(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", f->ta), NT("y", f->ty));
}

static nnx_status dispatch_constant_tensor(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", constant_tensor_on(f->ctx, F32, SHAPE(2, 3))), NT("b", f->tb), NT("y", f->ty));
}

static nnx_status dispatch_shape(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", T(f->ctx, F32, 3, 2)), NT("y", f->ty));
}

static nnx_status dispatch_rank(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", T(f->ctx, F32, 6)), NT("b", f->tb), NT("y", f->ty));
}

static nnx_status dispatch_dtype(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", T(f->ctx, F16, 2, 3)), NT("b", f->tb), NT("y", f->ty));
}

static nnx_status dispatch_output_desc(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", f->tb), NT("y", T(f->ctx, I32, 2, 3)));
}

static nnx_status dispatch_other_context_tensor(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", T(f->ctx2, F32, 2, 3)), NT("y", f->ty));
}

static nnx_status dispatch_null_tensor(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", f->tb), NT("y", NULL));
}

static nnx_status dispatch_output_count0(fx *f)
{
    make_add_graph(f);
    nnx_named_tensor in[2] = {NT("a", f->ta), NT("b", f->tb)};
    return nnx_context_dispatch(f->ctx, f->g, in, 2, NULL, 0);
}

static nnx_status dispatch_output_count2(fx *f)
{
    make_add_graph(f);
    nnx_named_tensor in[2] = {NT("a", f->ta), NT("b", f->tb)}, out[2] = {NT("y", f->ty), NT("z", T(f->ctx, F32, 2, 3))};
    return nnx_context_dispatch(f->ctx, f->g, in, 2, out, 2);
}

static nnx_status dispatch_unknown_output(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", f->tb), NT("z", f->ty));
}

static nnx_status dispatch_null_list(fx *f)
{
    make_add_graph(f);
    nnx_named_tensor out[1] = {NT("y", f->ty)};
    return nnx_context_dispatch(f->ctx, f->g, NULL, 2, out, 1);
}

/* ------------------------------------------------------------------ the table */

static err_case rows[] = {
    /* build */
    BUILD("build: no outputs", build_no_outputs, IA, "no outputs given"),
    BUILD("build: output count 0", build_zero_count, IA, "no outputs given"),
    BUILD("build: empty output name", build_empty_name, IA, "output 0 has an empty name"),
    BUILD("build: NULL output name", build_null_name, IA, "output 1 has an empty name"),
    BUILD("build: duplicate output name", build_duplicate_name, IA, "output name 'y' is given twice"),
    BUILD("build: output is an input", build_output_input, IA, "output 'x' is a graph input or a constant"),
    BUILD("build: output is a constant", build_output_constant, IA, "output 'c' is a graph input or a constant"),
    BUILD("build: output of another builder", build_other_builder, IA, "output 'z' is not an operand of this builder"),
    BUILD("build: NULL output operand", build_null_operand, IA, "output 'y' is not an operand of this builder"),
    BUILD("build: second build", build_twice, IS, "the builder has already built its graph"),

    /* tensors */
    CTX("tensor write: not writable", tensor_write_readonly, "write tensor", "the tensor is not writable"),
    CTX("tensor write: constant tensor", tensor_write_constant, "write tensor", "the tensor is not writable"),
    CTX("tensor read: not readable", tensor_read_writeonly, "read tensor", "the tensor is not readable"),
    CTX("tensor read: constant tensor", tensor_read_constant, "read tensor", "the tensor is not readable"),
    CTX("tensor write: byte size", tensor_write_size, "write tensor", "15 bytes given, the tensor holds 16"),
    CTX("tensor write: NULL data", tensor_write_null, "write tensor", "bytes given, the tensor holds 16"),
    CTX("tensor read: byte size", tensor_read_size, "read tensor", "buffer of 17 bytes, the tensor holds 16"),
    CTX("tensor create: dtype undefined", tensor_dtype0, "tensor", "data type 0 is not a data type"),
    CTX("tensor create: element count 2^31", tensor_count, "tensor", "the element count exceeds 2^31-1"),
    CTX("tensor create: rank 9", tensor_rank9, "tensor", "rank 9 exceeds the maximum rank 8"),
    CTX("tensor create: NULL descriptor", tensor_null_desc, "tensor", "descriptor is NULL"),
    CTX("constant tensor: byte size", ctensor_size, "constant tensor", "data is 15 bytes, the descriptor needs 16"),
    CTX("constant tensor: NULL data", ctensor_null_data, "constant tensor", "data is NULL"),

    /* dispatch (graph y = a + b; input u is unreachable, so not a graph input) */
    DISPATCH("dispatch: graph of another context", dispatch_other_context, "the graph is not a graph of this context"),
    DISPATCH("dispatch: NULL graph", dispatch_null_graph, "the graph is not a graph of this context"),
    DISPATCH("dispatch: missing input", dispatch_missing_input, "1 input tensors given, the graph has 2"),
    DISPATCH("dispatch: unreachable input bound", dispatch_unreachable_input, "3 input tensors given, the graph has 2"),
    DISPATCH("dispatch: unknown input name", dispatch_unknown_input, "the graph has no input named 'c'"),
    DISPATCH("dispatch: NULL input name", dispatch_null_name, "the graph has no input named"),
    DISPATCH("dispatch: input bound twice", dispatch_input_twice, "input 'a' is bound twice"),
    DISPATCH("dispatch: same tensor as input and output", dispatch_same_tensor_in_out,
             "a tensor is bound more than once"),
    DISPATCH("dispatch: same tensor for two inputs", dispatch_same_tensor_inputs, "a tensor is bound more than once"),
    DISPATCH("dispatch: constant tensor bound", dispatch_constant_tensor, "input 'a' is a constant tensor"),
    DISPATCH("dispatch: input shape", dispatch_shape, "input 'b' is float32[3,2], the graph expects float32[2,3]"),
    DISPATCH("dispatch: input rank", dispatch_rank, "input 'a' is float32[6], the graph expects float32[2,3]"),
    DISPATCH("dispatch: input dtype", dispatch_dtype, "input 'a' is float16[2,3], the graph expects float32[2,3]"),
    DISPATCH("dispatch: output descriptor", dispatch_output_desc,
             "output 'y' is int32[2,3], the graph expects float32[2,3]"),
    DISPATCH("dispatch: tensor of another context", dispatch_other_context_tensor,
             "input 'b' is not a tensor of this context"),
    DISPATCH("dispatch: NULL tensor", dispatch_null_tensor, "output 'y' is not a tensor of this context"),
    DISPATCH("dispatch: 0 outputs", dispatch_output_count0, "0 output tensors given, the graph has 1"),
    DISPATCH("dispatch: 2 outputs", dispatch_output_count2, "2 output tensors given, the graph has 1"),
    DISPATCH("dispatch: unknown output name", dispatch_unknown_output, "the graph has no output named 'z'"),
    DISPATCH("dispatch: NULL input list", dispatch_null_list, "a tensor list is NULL"),
};

/* ------------------------------------------------------------------ positive tests */

static void write_f32(nnx_tensor *t, const float *v, size_t n)
{
    assert_int_equal(nnx_tensor_write(t, v, n * sizeof *v), NNX_OK);
}
static void read_f32(nnx_tensor *t, float *v, size_t n)
{
    assert_int_equal(nnx_tensor_read(t, v, n * sizeof *v), NNX_OK);
}

static void assert_close(const float *got, const float *want, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!(fabsf(got[i] - want[i]) <= 1e-5f * (1.0f + fabsf(want[i]))))
            fail_msg("element %zu is %.9g, expected %.9g", i, got[i], want[i]);
}

static void assert_desc(const nnx_operand *op, nnx_dtype dt, const uint32_t *shape, uint32_t rank)
{
    assert_non_null(op);
    nnx_operand_desc d;
    nnx_operand_get_desc(op, &d);
    assert_int_equal(d.dtype, dt);
    assert_int_equal(d.rank, rank);
    for (uint32_t i = 0; i < rank; i++)
        assert_int_equal(d.shape[i], shape[i]);
}

/* Builds outputs[0..n) and checks the graph's output descriptors are defined. */
static nnx_graph *build_ok(fx *f, const nnx_named_operand *outs, size_t n)
{
    nnx_graph *g = NULL;
    nnx_status st = nnx_builder_build(f->b, outs, n, &g);
    if (st != NNX_OK)
        fail_msg("build failed: %s: %s", nnx_status_string(st), nnx_builder_error(f->b));
    assert_non_null(g);
    assert_int_equal(nnx_graph_output_count(g), n);
    return g;
}

static void dispatch_ok(fx *f, nnx_graph *g, const nnx_named_tensor *in, size_t n_in, const nnx_named_tensor *out,
                        size_t n_out)
{
    nnx_status st = nnx_context_dispatch(f->ctx, g, in, n_in, out, n_out);
    if (st != NNX_OK)
        fail_msg("dispatch failed: %s: %s", nnx_status_string(st), nnx_context_error(f->ctx));
}

/* y = a + b: graph inputs are the reachable ones in declaration order; a rejected
 * dispatch leaves the context usable. */
static void happy_add(void **state)
{
    fx *f = *state;
    make_add_graph(f);
    assert_string_equal(nnx_graph_input_name(f->g, 0), "a");
    assert_string_equal(nnx_graph_input_name(f->g, 1), "b");
    assert_null(nnx_graph_input_name(f->g, 2));
    assert_string_equal(nnx_graph_output_name(f->g, 0), "y");
    nnx_operand_desc d;
    nnx_graph_output_desc(f->g, 0, &d);
    assert_int_equal(d.dtype, F32);
    assert_int_equal(d.rank, 2);
    assert_int_equal(d.shape[1], 3);

    const float a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {10, 20, 30, 40, 50, 60};
    write_f32(f->ta, a, 6);
    write_f32(f->tb, b, 6);
    nnx_named_tensor in[2] = {NT("b", f->tb), NT("a", f->ta)}, out[1] = {NT("y", f->ty)};
    dispatch_ok(f, f->g, in, 2, out, 1);
    float y[6];
    read_f32(f->ty, y, 6);
    assert_close(y, (const float[]){11, 22, 33, 44, 55, 66}, 6);

    assert_int_equal(nnx_context_dispatch(f->ctx, f->g, in, 1, out, 1), IA);
    const float a2[6] = {-1, -2, -3, -4, -5, -6};
    write_f32(f->ta, a2, 6);
    dispatch_ok(f, f->g, in, 2, out, 1);
    read_f32(f->ty, y, 6);
    assert_close(y, (const float[]){9, 18, 27, 36, 45, 54}, 6);
    nnx_builder_destroy(f->b); /* the graph outlives its builder */
    f->b = NULL;
    dispatch_ok(f, f->g, in, 2, out, 1);
    nnx_graph_destroy(f->g);
}

/* s = reduceSum(relu(x . W + bias), axes [1]) with two outputs. */
static void happy_mlp(void **state)
{
    fx *f = *state;
    nnx_operand *x = named_input(f->b, "x", F32, SHAPE(2, 3));
    const float w[12] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1}, bias[4] = {-2, -2, -10, 0};
    nnx_operand_desc dw = desc_of(F32, SHAPE(3, 4)), db = desc_of(F32, SHAPE(4));
    nnx_operand *mm = nnx_builder_matmul(f->b, x, nnx_builder_constant(f->b, &dw, w, sizeof w), NULL);
    nnx_operand *r = nnx_builder_relu(
        f->b, nnx_builder_add(f->b, mm, nnx_builder_constant(f->b, &db, bias, sizeof bias), NULL), NULL);
    nnx_reduce_options ro = {"sum", LIST(1), false};
    nnx_operand *s = nnx_builder_reduce_sum(f->b, r, &ro);
    assert_desc(s, F32, SHAPE(2));
    nnx_named_operand outs[2] = {{"r", r}, {"s", s}};
    nnx_graph *g = build_ok(f, outs, 2);

    nnx_tensor *tx = T(f->ctx, F32, 2, 3), *tr = T(f->ctx, F32, 2, 4), *ts = T(f->ctx, F32, 2);
    write_f32(tx, (const float[]){1, 2, 3, 4, 5, 6}, 6);
    nnx_named_tensor in[1] = {NT("x", tx)}, out[2] = {NT("s", ts), NT("r", tr)};
    dispatch_ok(f, g, in, 1, out, 2);
    float got[8];
    read_f32(tr, got, 8);
    assert_close(got, (const float[]){0, 0, 0, 6, 2, 3, 0, 15}, 8);
    read_f32(ts, got, 2);
    assert_close(got, (const float[]){6, 20}, 2);
}

/* gemm with both transposes, a broadcast c, alpha 2 and beta 0.5, against plain loops. */
static void happy_gemm(void **state)
{
    fx *f = *state;
    nnx_operand *a = named_input(f->b, "a", F32, SHAPE(3, 2)); /* A' = A^T is [2, 3] */
    nnx_operand *b = named_input(f->b, "b", F32, SHAPE(4, 3)); /* B' = B^T is [3, 4] */
    const float c[4] = {1, -1, 0.5f, 2};
    nnx_operand_desc dc = desc_of(F32, SHAPE(4));
    nnx_gemm_options o = {"g", nnx_builder_constant(f->b, &dc, c, sizeof c), nnx_f64(2), nnx_f64(0.5), true, true};
    nnx_named_operand out = {"y", nnx_builder_gemm(f->b, a, b, &o)};
    assert_desc(out.operand, F32, SHAPE(2, 4));
    nnx_graph *g = build_ok(f, &out, 1);

    float av[6], bv[12], want[8], got[8];
    for (int i = 0; i < 6; i++)
        av[i] = (float)(i + 1);
    for (int i = 0; i < 12; i++)
        bv[i] = (float)(i % 5) - 1.5f;
    for (int m = 0; m < 2; m++)
        for (int n = 0; n < 4; n++) {
            double acc = 0;
            for (int k = 0; k < 3; k++)
                acc += (double)av[k * 2 + m] * bv[n * 3 + k];
            want[m * 4 + n] = (float)(2 * acc + 0.5 * c[n]);
        }
    nnx_tensor *ta = T(f->ctx, F32, 3, 2), *tb = T(f->ctx, F32, 4, 3), *ty = T(f->ctx, F32, 2, 4);
    write_f32(ta, av, 6);
    write_f32(tb, bv, 12);
    nnx_named_tensor in[2] = {NT("a", ta), NT("b", tb)}, outs[1] = {NT("y", ty)};
    dispatch_ok(f, g, in, 2, outs, 1);
    read_f32(ty, got, 8);
    assert_close(got, want, 8);
}

/* conv2d nhwc input, hwio filter, bias, asymmetric padding, against plain loops. */
static void happy_conv(void **state)
{
    fx *f = *state;
    enum { H = 3, W = 3, C = 2, KH = 2, KW = 2, O = 3, OH = 3, OW = 3 };
    float xv[H * W * C], wv[KH * KW * C * O], bv[O] = {0.5f, -1, 2}, want[OH * OW * O], got[OH * OW * O];
    for (int i = 0; i < H * W * C; i++)
        xv[i] = (float)(i % 7) - 3;
    for (int i = 0; i < KH * KW * C * O; i++)
        wv[i] = (float)(i % 5) * 0.25f - 0.5f;
    /* pads [beginH 1, endH 0, beginW 0, endW 1] */
    for (int oh = 0; oh < OH; oh++)
        for (int ow = 0; ow < OW; ow++)
            for (int o = 0; o < O; o++) {
                double acc = bv[o];
                for (int kh = 0; kh < KH; kh++)
                    for (int kw = 0; kw < KW; kw++)
                        for (int c = 0; c < C; c++) {
                            int ih = oh - 1 + kh, iw = ow + kw;
                            if (ih >= 0 && ih < H && iw >= 0 && iw < W)
                                acc += (double)xv[(ih * W + iw) * C + c] * wv[((kh * KW + kw) * C + c) * O + o];
                        }
                want[(oh * OW + ow) * O + o] = (float)acc;
            }
    nnx_operand *x = named_input(f->b, "x", F32, SHAPE(1, H, W, C));
    nnx_operand_desc dw = desc_of(F32, SHAPE(KH, KW, C, O)), db = desc_of(F32, SHAPE(O));
    nnx_conv2d_options o = {.label = "conv",
                            .padding = LIST(1, 0, 0, 1),
                            .input_layout = NNX_LAYOUT_NHWC,
                            .filter_layout = NNX_FILTER_HWIO,
                            .bias = nnx_builder_constant(f->b, &db, bv, sizeof bv)};
    nnx_named_operand out = {"y", nnx_builder_conv2d(f->b, x, nnx_builder_constant(f->b, &dw, wv, sizeof wv), &o)};
    assert_desc(out.operand, F32, SHAPE(1, OH, OW, O));
    nnx_graph *g = build_ok(f, &out, 1);
    nnx_tensor *tx = T(f->ctx, F32, 1, H, W, C), *ty = T(f->ctx, F32, 1, OH, OW, O);
    write_f32(tx, xv, H * W * C);
    nnx_named_tensor in[1] = {NT("x", tx)}, outs[1] = {NT("y", ty)};
    dispatch_ok(f, g, in, 1, outs, 1);
    read_f32(ty, got, OH * OW * O);
    assert_close(got, want, OH * OW * O);
}

/* maxPool2d and averagePool2d, 2x2 windows with stride 2 over 0..15. */
static void happy_pool(void **state)
{
    fx *f = *state;
    nnx_operand *x = named_input(f->b, "x", F32, SHAPE(1, 1, 4, 4));
    nnx_pool2d_options o = {.window_dimensions = LIST(2, 2), .strides = LIST(2, 2)};
    nnx_named_operand outs[2] = {{"max", nnx_builder_max_pool2d(f->b, x, &o)},
                                 {"avg", nnx_builder_average_pool2d(f->b, x, &o)}};
    nnx_graph *g = build_ok(f, outs, 2);
    float xv[16], got[4];
    for (int i = 0; i < 16; i++)
        xv[i] = (float)i;
    nnx_tensor *tx = T(f->ctx, F32, 1, 1, 4, 4), *tm = T(f->ctx, F32, 1, 1, 2, 2), *ta = T(f->ctx, F32, 1, 1, 2, 2);
    write_f32(tx, xv, 16);
    nnx_named_tensor in[1] = {NT("x", tx)}, out[2] = {NT("avg", ta), NT("max", tm)};
    dispatch_ok(f, g, in, 1, out, 2);
    read_f32(tm, got, 4);
    assert_close(got, (const float[]){5, 7, 13, 15}, 4);
    read_f32(ta, got, 4);
    assert_close(got, (const float[]){2.5f, 4.5f, 10.5f, 12.5f}, 4);
}

/* split, concat, slice with strides, transpose and reshape on a [4, 3] input. */
static void happy_movement(void **state)
{
    fx *f = *state;
    nnx_operand *x = named_input(f->b, "x", F32, SHAPE(4, 3));
    nnx_operand *parts[2] = {NULL, NULL};
    assert_int_equal(nnx_builder_split(f->b, x, 2, NULL, parts), 2);
    assert_desc(parts[0], F32, SHAPE(2, 3));
    nnx_operand *swapped[2] = {parts[1], parts[0]};
    nnx_operand *cat = nnx_builder_concat(f->b, swapped, 2, 0, NULL);
    nnx_slice_options so = {NULL, LIST(2, 2)};
    nnx_operand *sl = nnx_builder_slice(f->b, cat, LIST(1, 0), LIST(3, 3), &so);
    assert_desc(sl, F32, SHAPE(2, 2));
    nnx_operand *t = nnx_builder_transpose(f->b, sl, NULL);
    nnx_named_operand out = {"y", nnx_builder_reshape(f->b, t, SHAPE(4), NULL)};
    nnx_graph *g = build_ok(f, &out, 1);
    float xv[12], got[4];
    for (int i = 0; i < 12; i++)
        xv[i] = (float)i;
    nnx_tensor *tx = T(f->ctx, F32, 4, 3), *ty = T(f->ctx, F32, 4);
    write_f32(tx, xv, 12);
    nnx_named_tensor in[1] = {NT("x", tx)}, outs[1] = {NT("y", ty)};
    dispatch_ok(f, g, in, 1, outs, 1);
    read_f32(ty, got, 4);
    assert_close(got, (const float[]){9, 3, 11, 5}, 4);
}

/* A constant tensor's bytes are captured at constant_tensor: the tensor may be destroyed
 * before build. Scalar constants broadcast. */
static void happy_constant_tensor(void **state)
{
    fx *f = *state;
    const float cv[3] = {2, -3, 0.5f};
    nnx_operand_desc dc = desc_of(F32, SHAPE(3));
    nnx_tensor *tc = NULL;
    assert_int_equal(nnx_tensor_create_constant(f->ctx, &dc, cv, sizeof cv, &tc), NNX_OK);
    nnx_tensor_desc td;
    nnx_tensor_get_desc(tc, &td);
    assert_false(td.readable);
    assert_false(td.writable);
    nnx_operand *x = named_input(f->b, "x", F32, SHAPE(2, 3));
    nnx_operand *c = nnx_builder_constant_tensor(f->b, tc);
    nnx_tensor_destroy(tc);
    nnx_operand *y = nnx_builder_add(f->b, nnx_builder_mul(f->b, x, c, NULL),
                                     nnx_builder_constant_scalar(f->b, F32, nnx_i64(1)), NULL);
    nnx_clamp_options co = {"clip", nnx_f64(-4), nnx_f64(4)};
    nnx_named_operand out = {"y", nnx_builder_clamp(f->b, y, &co)};
    nnx_graph *g = build_ok(f, &out, 1);
    nnx_tensor *tx = T(f->ctx, F32, 2, 3), *ty = T(f->ctx, F32, 2, 3);
    write_f32(tx, (const float[]){1, 1, 1, 3, 2, -4}, 6);
    nnx_named_tensor in[1] = {NT("x", tx)}, outs[1] = {NT("y", ty)};
    dispatch_ok(f, g, in, 1, outs, 1);
    float got[6];
    read_f32(ty, got, 6);
    assert_close(got, (const float[]){3, -2, 1.5f, 4, -4, -1}, 6);
}

/* The valid neighbours of the error rows are accepted, with the right output types. */
static void happy_valid_counterparts(void **state)
{
    fx *f = *state;
    nnx_builder *b = f->b;
    /* input limits */
    assert_desc(X(U8, 2147483647u), U8, SHAPE(2147483647u));
    assert_desc(X(F32, 1, 1, 1, 1, 1, 1, 1, 2), F32, SHAPE(1, 1, 1, 1, 1, 1, 1, 2));
    assert_desc(XS(NNX_BOOL), NNX_BOOL, NULL, 0);
    assert_desc(nnx_builder_constant_scalar(b, U8, nnx_i64(300)), U8, NULL, 0);

    /* conv2d: every filter layout, nhwc, groups, depthwise, bias, kernel == padded input */
    nnx_operand *x = X(F32, 1, 4, 5, 5), *xh = X(F32, 1, 5, 5, 4);
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 8, 4, 3, 3), NULL), F32, SHAPE(1, 8, 3, 3));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 3, 3, 4, 8), &(nnx_conv2d_options){.filter_layout = NNX_FILTER_HWIO}),
                F32, SHAPE(1, 8, 3, 3));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 8, 3, 3, 4), &(nnx_conv2d_options){.filter_layout = NNX_FILTER_OHWI}),
                F32, SHAPE(1, 8, 3, 3));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 4, 3, 3, 8), &(nnx_conv2d_options){.filter_layout = NNX_FILTER_IHWO}),
                F32, SHAPE(1, 8, 3, 3));
    assert_desc(nnx_builder_conv2d(b, xh, X(F32, 8, 4, 3, 3), &(nnx_conv2d_options){.input_layout = NNX_LAYOUT_NHWC}),
                F32, SHAPE(1, 3, 3, 8));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 8, 2, 3, 3), &(nnx_conv2d_options){.groups = 2, .bias = X(F32, 8)}),
                F32, SHAPE(1, 8, 3, 3));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 4, 1, 3, 3), &(nnx_conv2d_options){.groups = 4}), F32,
                SHAPE(1, 4, 3, 3));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 8, 4, 7, 7), &(nnx_conv2d_options){.padding = LIST(1, 1, 1, 1)}), F32,
                SHAPE(1, 8, 1, 1));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 8, 4, 3, 3),
                                   &(nnx_conv2d_options){.strides = LIST(2, 2), .dilations = LIST(2, 1)}),
                F32, SHAPE(1, 8, 1, 2));

    /* matmul, gemm */
    assert_desc(nnx_builder_matmul(b, X(F32, 2, 1, 2, 3), X(F32, 3, 3, 4), NULL), F32, SHAPE(2, 3, 2, 4));
    assert_desc(nnx_builder_gemm(b, X(F32, 3, 2), X(F32, 3, 5), &(nnx_gemm_options){.a_transpose = true}), F32,
                SHAPE(2, 5));
    assert_desc(nnx_builder_gemm(b, X(F32, 2, 3), X(F32, 4, 3), &(nnx_gemm_options){.b_transpose = true, .c = XS(F32)}),
                F32, SHAPE(2, 4));
    assert_desc(nnx_builder_gemm(b, X(F32, 2, 3), X(F32, 3, 4), &(nnx_gemm_options){.c = X(F32, 2, 1)}), F32,
                SHAPE(2, 4));

    /* pools: explicit floor and ceil output sizes, ceil rounding, global pooling */
    nnx_operand *p = X(F32, 1, 2, 5, 5);
    nnx_pool2d_options po = {.window_dimensions = LIST(2, 2), .strides = LIST(2, 2), .output_sizes = LIST(2, 2)};
    assert_desc(nnx_builder_max_pool2d(b, p, &po), F32, SHAPE(1, 2, 2, 2));
    po.output_sizes = (const uint32_t[]){3, 3};
    assert_desc(nnx_builder_average_pool2d(b, p, &po), F32, SHAPE(1, 2, 3, 3));
    po.output_sizes = NULL;
    po.output_shape_rounding = NNX_ROUNDING_CEIL;
    assert_desc(nnx_builder_max_pool2d(b, p, &po), F32, SHAPE(1, 2, 3, 3));
    assert_desc(nnx_builder_average_pool2d(b, p, NULL), F32, SHAPE(1, 2, 1, 1));
    assert_desc(
        nnx_builder_max_pool2d(b, X(I32, 1, 4, 3, 2),
                               &(nnx_pool2d_options){.layout = NNX_LAYOUT_NHWC, .window_dimensions = LIST(2, 3)}),
        I32, SHAPE(1, 3, 1, 2));

    /* clamp bounds that are equal once cast to the input type */
    nnx_clamp_options co = {NULL, nnx_f64(2.4), nnx_f64(2.3)};
    assert_desc(nnx_builder_clamp(b, X(I32, 3), &co), I32, SHAPE(3));
    co = (nnx_clamp_options){NULL, nnx_i64(-5), nnx_i64(-1)};
    assert_desc(nnx_builder_clamp(b, X(U8, 3), &co), U8, SHAPE(3));
    co = (nnx_clamp_options){NULL, nnx_f64(1.0001), nnx_f64(1.0)};
    assert_desc(nnx_builder_clamp(b, X(F16, 3), &co), F16, SHAPE(3));
    assert_desc(nnx_builder_clamp(b, X(NNX_INT64, 3), NULL), NNX_INT64, SHAPE(3));

    /* unary and binary on allowed types, cast */
    nnx_operand *i = X(I32, 2, 3);
    assert_desc(nnx_builder_abs(b, i, NULL), I32, SHAPE(2, 3));
    assert_desc(nnx_builder_neg(b, X(NNX_INT8, 2), NULL), NNX_INT8, SHAPE(2));
    assert_desc(nnx_builder_relu(b, X(NNX_INT64, 2), NULL), NNX_INT64, SHAPE(2));
    assert_desc(nnx_builder_exp(b, X(F16, 2), NULL), F16, SHAPE(2));
    assert_desc(nnx_builder_pow(b, i, X(I32, 3), NULL), I32, SHAPE(2, 3));
    assert_desc(nnx_builder_max(b, X(U32, 4, 1, 1), X(U32, 2, 3), NULL), U32, SHAPE(4, 2, 3));
    assert_desc(nnx_builder_cast(b, i, NNX_BOOL, NULL), NNX_BOOL, SHAPE(2, 3));

    /* movement at the limits */
    nnx_operand *m = X(F32, 4, 6);
    assert_desc(nnx_builder_slice(b, m, LIST(2, 0), LIST(2, 6), NULL), F32, SHAPE(2, 6));
    assert_desc(nnx_builder_slice(b, m, LIST(0, 0), LIST(4, 6), &(nnx_slice_options){NULL, LIST(3, 4)}), F32,
                SHAPE(2, 2));
    nnx_operand *outs[3] = {NULL, NULL, NULL};
    assert_int_equal(nnx_builder_split_sizes(b, m, (const uint32_t[]){1, 3}, 2, NULL, outs), 2);
    assert_desc(outs[1], F32, SHAPE(3, 6));
    assert_int_equal(nnx_builder_split(b, m, 3, &(nnx_split_options){NULL, 1}, outs), 3);
    assert_desc(outs[2], F32, SHAPE(4, 2));
    nnx_operand *one = X(F32, 1);
    nnx_operand **many = f->scratch = malloc(8192 * sizeof *many);
    assert_non_null(many);
    for (int k = 0; k < 8192; k++)
        many[k] = one;
    assert_desc(nnx_builder_concat(b, many, 8192, 0, NULL), F32, SHAPE(8192));
    assert_desc(nnx_builder_concat(b, &m, 1, 1, NULL), F32, SHAPE(4, 6));
    assert_desc(nnx_builder_reshape(b, X(F32, 1, 1), NULL, 0, NULL), F32, NULL, 0);
    assert_desc(nnx_builder_transpose(b, X(F32, 2, 3, 4), NULL), F32, SHAPE(4, 3, 2));
    assert_desc(nnx_builder_transpose(b, X(F32, 2, 3, 4), &(nnx_transpose_options){NULL, LIST(1, 2, 0)}), F32,
                SHAPE(3, 4, 2));

    /* softmax, reductions */
    assert_desc(nnx_builder_softmax(b, X(F16, 2, 3), 1, NULL), F16, SHAPE(2, 3));
    nnx_reduce_options none = {NULL, (const uint32_t[]){0}, 0, false};
    assert_desc(nnx_builder_reduce_mean(b, X(F32, 2, 3), &none), F32, SHAPE(2, 3));
    assert_desc(nnx_builder_reduce_sum(b, X(U32, 2, 3), &(nnx_reduce_options){NULL, LIST(1, 0), true}), U32,
                SHAPE(1, 1));
    assert_desc(nnx_builder_reduce_max(b, X(NNX_BOOL, 2, 3), NULL), NNX_BOOL, NULL, 0);
    assert_desc(nnx_builder_reduce_min(b, X(U8, 2, 3), &(nnx_reduce_options){NULL, LIST(1), false}), U8, SHAPE(2));

    /* a control-character label is fine on a valid call */
    nnx_operand *last = nnx_builder_sigmoid(b, X(F32, 2), &(nnx_operator_options){"\x01\n"});
    assert_int_equal(nnx_builder_status(b), NNX_OK);
    assert_string_equal(nnx_builder_error(b), "");
    nnx_named_operand out = {"y", last};
    nnx_graph *g = build_ok(f, &out, 1);
    assert_int_equal(nnx_graph_input_count(g), 1);
}

/* ------------------------------------------------------------------ main */

static const named_test positive[] = {
    {"valid: add graph builds and dispatches", happy_add},
    {"valid: matmul + bias + relu + reduceSum", happy_mlp},
    {"valid: gemm with transposes", happy_gemm},
    {"valid: conv2d nhwc/hwio with bias and padding", happy_conv},
    {"valid: max and average pooling", happy_pool},
    {"valid: split, concat, slice, transpose, reshape", happy_movement},
    {"valid: constant tensor, scalar constant, clamp", happy_constant_tensor},
    {"valid: neighbours of the error cases are accepted", happy_valid_counterparts},
};

int main(void)
{
    return run_error_tests("api_errors", rows, sizeof rows / sizeof rows[0], positive,
                           sizeof positive / sizeof positive[0]);
}
