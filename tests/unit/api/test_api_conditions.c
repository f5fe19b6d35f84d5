/* test_api_conditions.c — the context, tensor, dispatch, builder and build conditions of
 * WebNN `MLContext` and `MLGraphBuilder` core: constructor, `input()`, `constant()`, `build()`
 * (TypeError -> INVALID_ARGUMENT, InvalidStateError -> INVALID_STATE) that test_api_errors.c and
 * test_api_lifetime.c did not assert with a message. A lost WebNN context is a destroyed nnx
 * context. Checklist: docs/webnn-conditions.md. */
#include "builder_errors_fixture.h"

static const char *const lost = "the context was destroyed";

/* §1.3 createConstantTensor / createTensor: InvalidStateError when the context is lost. */
static void constant_tensor_lost_context(void **state)
{
    fx *f = *state;
    nnx_context_destroy(f->ctx);
    nnx_operand_desc d = desc_of(F32, SHAPE(4));
    nnx_tensor *t = (nnx_tensor *)&t;
    assert_int_equal(nnx_tensor_create_constant(f->ctx, &d, zeros, 16, &t), IS);
    assert_null(t);
    assert_string_equal(nnx_context_error(f->ctx), lost);
    nnx_tensor_desc td = {d, true, true};
    t = (nnx_tensor *)&t;
    assert_int_equal(nnx_tensor_create(f->ctx, &td, &t), IS);
    assert_null(t);
    assert_string_equal(nnx_context_error(f->ctx), lost);
}

/* §1.7 MLGraphBuilder constructor: InvalidStateError when the context is lost. */
static void builder_lost_context(void **state)
{
    fx *f = *state;
    nnx_context_destroy(f->ctx);
    nnx_builder *b = (nnx_builder *)&b;
    assert_int_equal(nnx_builder_create(f->ctx, &b), IS);
    assert_null(b);
    assert_string_equal(nnx_context_error(f->ctx), lost);
}

/* §1.7 "can not build" because the context is lost: input, constant and build on a builder
 * of a lost context report InvalidStateError (the builder went with its context). */
static void builder_calls_after_context_loss(void **state)
{
    fx *f = *state;
    nnx_operand *x = X(F32, 2);
    nnx_context_destroy(f->ctx);
    assert_poisoned(nnx_builder_constant_scalar(f->b, F32, nnx_f64(1)));
    assert_poisoned(nnx_builder_relu(f->b, x, NULL));
    assert_int_equal(nnx_builder_status(f->b), IS);
    assert_string_equal(nnx_builder_error(f->b), "the builder was destroyed");
    nnx_named_operand out = {"y", x};
    nnx_graph *g = (nnx_graph *)&g;
    assert_int_equal(nnx_builder_build(f->b, &out, 1, &g), IS);
    assert_null(g);
}

/* §1.3 readTensor / writeTensor: TypeError for a tensor destroyed by the context's loss. */
static void tensor_io_after_context_loss(void **state)
{
    fx *f = *state;
    nnx_tensor *t = T(f->ctx, F32, 4);
    nnx_context_destroy(f->ctx);
    float v[4] = {0};
    assert_int_equal(nnx_tensor_read(t, v, sizeof v), IA);
    assert_int_equal(nnx_tensor_write(t, v, sizeof v), IA);
    nnx_tensor_desc d;
    nnx_tensor_get_desc(t, &d);
    assert_int_equal(d.desc.rank, 0);
}

/* y = a + b on [2,3] with its tensors, in f. */
static void add_graph(fx *f)
{
    nnx_operand *a = named_input(f->b, "a", F32, SHAPE(2, 3)), *b = named_input(f->b, "b", F32, SHAPE(2, 3));
    nnx_named_operand out = {"y", nnx_builder_add(f->b, a, b, NULL)};
    assert_int_equal(nnx_builder_build(f->b, &out, 1, &f->g), NNX_OK);
    f->ta = T(f->ctx, F32, 2, 3);
    f->tb = T(f->ctx, F32, 2, 3);
    f->ty = T(f->ctx, F32, 2, 3);
}

/* §1.3 dispatch: the graph of a lost context (every graph is destroyed with it). */
static void dispatch_lost_context(void **state)
{
    fx *f = *state;
    add_graph(f);
    nnx_named_tensor in[2] = {{"a", f->ta}, {"b", f->tb}}, out = {"y", f->ty};
    nnx_context_destroy(f->ctx);
    assert_int_equal(nnx_context_dispatch(f->ctx, f->g, in, 2, &out, 1), IS);
    assert_string_equal(nnx_context_error(f->ctx), lost);
}

/* §1.3 dispatch: an output tensor that is destroyed, or a constant tensor. */
static void dispatch_destroyed_output(void **state)
{
    fx *f = *state;
    add_graph(f);
    nnx_tensor *y = f->ty;
    f->ty = NULL;
    nnx_tensor_destroy(y);
    nnx_named_tensor in[2] = {{"a", f->ta}, {"b", f->tb}}, out = {"y", y};
    assert_int_equal(nnx_context_dispatch(f->ctx, f->g, in, 2, &out, 1), IA);
    expect_message("destroyed output", nnx_context_error(f->ctx), "dispatch", "output 'y' is a destroyed tensor", NULL);
}

static void dispatch_constant_output(void **state)
{
    fx *f = *state;
    add_graph(f);
    nnx_tensor *k = constant_tensor_on(f->ctx, F32, SHAPE(2, 3));
    nnx_named_tensor in[2] = {{"a", f->ta}, {"b", f->tb}}, out = {"y", k};
    assert_int_equal(nnx_context_dispatch(f->ctx, f->g, in, 2, &out, 1), IA);
    expect_message("constant output", nnx_context_error(f->ctx), "dispatch", "output 'y' is a constant tensor", NULL);
}

/* §1.7 build step 3: an output that is a constant made by constant(dataType, value) or by
 * constant(tensor) is rejected like any constant. */
static void build_output_scalar_constant(void **state)
{
    fx *f = *state;
    nnx_named_operand out = {"k", nnx_builder_constant_scalar(f->b, F32, nnx_f64(2))};
    nnx_graph *g = (nnx_graph *)&g;
    assert_int_equal(nnx_builder_build(f->b, &out, 1, &g), IA);
    assert_null(g);
    expect_message("scalar constant output", nnx_builder_error(f->b), "build",
                   "output 'k' is a graph input or a constant", NULL);
}

static void build_output_tensor_constant(void **state)
{
    fx *f = *state;
    nnx_named_operand out = {"k", nnx_builder_constant_tensor(f->b, constant_tensor_on(f->ctx, F32, SHAPE(2)))};
    nnx_graph *g = (nnx_graph *)&g;
    assert_int_equal(nnx_builder_build(f->b, &out, 1, &g), IA);
    assert_null(g);
    expect_message("tensor constant output", nnx_builder_error(f->b), "build",
                   "output 'k' is a graph input or a constant", NULL);
}

static const named_test tests[] = {
    {"createConstantTensor/createTensor: lost context", constant_tensor_lost_context},
    {"builder constructor: lost context", builder_lost_context},
    {"builder methods and build: lost context", builder_calls_after_context_loss},
    {"read/writeTensor: tensor of a lost context", tensor_io_after_context_loss},
    {"dispatch: lost context", dispatch_lost_context},
    {"dispatch: destroyed output tensor", dispatch_destroyed_output},
    {"dispatch: constant tensor as output", dispatch_constant_output},
    {"build: output is a scalar constant", build_output_scalar_constant},
    {"build: output is a constant(tensor)", build_output_tensor_constant},
};

int main(void) { return run_error_tests("api_conditions", NULL, 0, tests, sizeof tests / sizeof *tests); }
