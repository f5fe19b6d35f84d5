/* test_onnx_index_range.c — ONNX's Gather, GatherElements, GatherND, ScatterND and
 * ScatterElements refuse an index outside [-s, s - 1] at dispatch, as ONNX Runtime does
 * (docs/decisions/onnx.md, "indices out of range"): the dispatch fails with INVALID_ARGUMENT naming the node, the
 * index and the axis extent, for indices given at run time and for constant ones (a node the
 * loader would fold stays, to fail at dispatch); negative
 * indices in range count from the end (the expected values are worked out by hand in each
 * test); a graph built with the WebNN builder keeps clamping the same index. One-node
 * models built in memory and loaded through the public API. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nnx.h"
#include "onnx.pb-c.h"
#include "onnx_model_builder.h"

enum { T_FLOAT = 1, T_INT64 = 7 };

/* data float32[3,4] = 0..11 (data[r][c] = 4r + c). */
static const float kData[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
static const int64_t kDataShape[2] = {3, 4};

typedef struct onnx_case {
    const char *op;
    int64_t axis; /* -1: no axis attribute */
    int64_t idx_shape[2];
    const int64_t *indices;
    bool constant_indices; /* data and indices initializers instead of graph inputs */
    int64_t upd_shape[2];  /* scatters: updates float32 of this shape; {0}: no updates */
    const float *updates;
} onnx_case;

/* Builds data (input), indices (input or initializer), [updates (input)] -> OP 'pick' -> y,
 * writes it to a temporary file, loads, builds and dispatches it once. The status of the
 * dispatch; the context's message in msg; y's elements in y (up to y_count). */
static nnx_status run_case(const onnx_case *k, float *y, size_t y_count, char *msg, size_t msg_size)
{
    static mb b;
    mb_init(&b, 18, 0);
    static char *ins[3] = {"data", "indices", "updates"}, *outs[1] = {"y"};
    size_t n_idx = (size_t)(k->idx_shape[0] * k->idx_shape[1]);
    if (k->constant_indices) { /* data and indices initializers: the loader could fold the node */
        const struct {
            const char *name;
            const int64_t *shape;
            int32_t type;
            const void *bytes;
            size_t len;
        } inits[2] = {{"data", kDataShape, T_FLOAT, kData, sizeof kData},
                      {"indices", k->idx_shape, T_INT64, k->indices, n_idx * sizeof(int64_t)}};
        for (int i = 0; i < 2; i++) {
            Onnx__TensorProto *t = &b.inits[i];
            onnx__tensor_proto__init(t);
            t->name = (char *)inits[i].name;
            memcpy(b.tdims[i], inits[i].shape, 2 * sizeof(int64_t));
            t->dims = b.tdims[i];
            t->n_dims = 2;
            t->has_data_type = 1;
            t->data_type = inits[i].type;
            t->has_raw_data = 1;
            t->raw_data.data = (uint8_t *)inits[i].bytes;
            t->raw_data.len = inits[i].len;
            b.init_ptrs[i] = t;
        }
        b.graph.initializer = b.init_ptrs;
        b.graph.n_initializer = 2;
    } else {
        mb_input(&b, "data", T_FLOAT, kDataShape, 2);
        mb_input(&b, "indices", T_INT64, k->idx_shape, 2);
    }
    bool scatter = k->upd_shape[0] != 0;
    if (scatter)
        mb_input(&b, "updates", T_FLOAT, k->upd_shape, 2);
    Onnx__NodeProto *n = node(&b, k->op, ins, scatter ? 3 : 2, outs, 1);
    n->name = "pick";
    if (k->axis >= 0)
        mb_attr_i(&b, n, "axis", k->axis);
    output(&b, "y");

    char path[] = "/tmp/nnx-index-range-XXXXXX.onnx";
    int fd = mkstemps(path, 5);
    assert_true(fd >= 0);
    size_t len = onnx__model_proto__get_packed_size(&b.model);
    uint8_t *buf = malloc(len);
    assert_non_null(buf);
    onnx__model_proto__pack(&b.model, buf);
    assert_int_equal(write(fd, buf, len), (ssize_t)len);
    close(fd);
    free(buf);

    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 2}, &ctx), NNX_OK);
    nnx_model *m = NULL;
    nnx_status st = nnx_model_load(ctx, path, NULL, &m);
    unlink(path);
    if (st != NNX_OK)
        fail_msg("load: %s", nnx_context_error(ctx));
    nnx_graph *g = NULL;
    assert_int_equal(nnx_model_build(m, &g), NNX_OK);
    nnx_tensor *tensors[4] = {NULL, NULL, NULL, NULL};
    nnx_named_tensor bound[3];
    size_t n_bound = 0;
    const nnx_operand_desc dd = {NNX_FLOAT32, 2, {3, 4}};
    const nnx_operand_desc id = {NNX_INT64, 2, {(uint32_t)k->idx_shape[0], (uint32_t)k->idx_shape[1]}};
    const nnx_operand_desc ud = {NNX_FLOAT32, 2, {(uint32_t)k->upd_shape[0], (uint32_t)k->upd_shape[1]}};
    struct {
        const char *name;
        const nnx_operand_desc *desc;
        const void *data;
        size_t bytes;
    } given[3] = {{"data", &dd, kData, sizeof kData},
                  {"indices", &id, k->indices, n_idx * sizeof(int64_t)},
                  {"updates", &ud, k->updates, (size_t)(k->upd_shape[0] * k->upd_shape[1]) * sizeof(float)}};
    for (int i = 0; i < 3; i++) {
        if ((i < 2 && k->constant_indices) || (i == 2 && !scatter))
            continue;
        nnx_tensor_desc td = {.desc = *given[i].desc, .writable = true};
        assert_int_equal(nnx_tensor_create(ctx, &td, &tensors[n_bound]), NNX_OK);
        assert_int_equal(nnx_tensor_write(tensors[n_bound], given[i].data, given[i].bytes), NNX_OK);
        bound[n_bound] = (nnx_named_tensor){given[i].name, tensors[n_bound]};
        n_bound++;
    }
    nnx_operand_desc yd;
    nnx_graph_output_desc(g, 0, &yd);
    size_t y_elems = 1;
    for (uint32_t d = 0; d < yd.rank; d++)
        y_elems *= yd.shape[d];
    assert_true(y_elems <= y_count);
    nnx_tensor_desc yt = {.desc = yd, .readable = true};
    assert_int_equal(nnx_tensor_create(ctx, &yt, &tensors[3]), NNX_OK);
    const nnx_named_tensor out[1] = {{"y", tensors[3]}};
    st = nnx_context_dispatch(ctx, g, bound, n_bound, out, 1);
    snprintf(msg, msg_size, "%s", st == NNX_OK ? "" : nnx_context_error(ctx));
    if (st == NNX_OK)
        assert_int_equal(nnx_tensor_read(tensors[3], y, y_elems * sizeof *y), NNX_OK);
    nnx_model_destroy(m);
    nnx_context_destroy(ctx);
    return st;
}

/* The dispatch of k fails INVALID_ARGUMENT with a message holding want. */
static void refused(const onnx_case *k, const char *want)
{
    float y[16];
    char msg[512];
    assert_int_equal(run_case(k, y, 16, msg, sizeof msg), NNX_ERROR_INVALID_ARGUMENT);
    if (!strstr(msg, want))
        fail_msg("message '%s' lacks '%s'", msg, want);
}

/* The dispatch of k succeeds with y equal to want[count]. */
static void gives(const onnx_case *k, const float *want, size_t count)
{
    float y[16];
    char msg[512];
    nnx_status st = run_case(k, y, 16, msg, sizeof msg);
    if (st != NNX_OK)
        fail_msg("dispatch: %s", msg);
    for (size_t i = 0; i < count; i++)
        assert_float_equal(y[i], want[i], 0);
}

static void test_gather(void **state)
{
    (void)state;
    static const int64_t bad[2] = {1, 4}, neg[2] = {-1, -4};
    onnx_case k = {"Gather", 1, {1, 2}, bad, false, {0, 0}, NULL};
    refused(&k,
            "gather 'pick': index 4 (element 1 of the indices) is out of range for axis 1 of extent 4: "
            "valid indices are [-4, 3]");
    k.indices = neg; /* columns 3 and 0 of each row: y[r][0][j] */
    static const float want[6] = {3, 0, 7, 4, 11, 8};
    gives(&k, want, 6);
    static const int64_t low[2] = {0, -5};
    k.indices = low;
    refused(&k, "index -5 (element 1 of the indices) is out of range for axis 1 of extent 4");
}

static void test_gather_constant_indices(void **state)
{
    (void)state;
    static const int64_t bad[2] = {3, 0};
    onnx_case k = {"Gather", 0, {1, 2}, bad, true, {0, 0}, NULL};
    refused(&k, "gather 'pick': index 3 (element 0 of the indices) is out of range for axis 0 of extent 3");
    static const int64_t neg[2] = {-3, 2}; /* rows 0 and 2 */
    k.indices = neg;
    static const float want[8] = {0, 1, 2, 3, 8, 9, 10, 11};
    gives(&k, want, 8);
}

static void test_gather_elements(void **state)
{
    (void)state;
    static const int64_t bad[4] = {0, -3, 3, 0};
    onnx_case k = {"GatherElements", 0, {1, 4}, bad, false, {0, 0}, NULL};
    refused(&k, "gather_elements 'pick': index 3 (element 2 of the indices) is out of range for axis 0 of extent 3");
    static const int64_t neg[4] = {-1, -2, -3, 0}; /* y[0][c] = data[idx[c]][c]: rows 2, 1, 0, 0 */
    k.indices = neg;
    static const float want[4] = {8, 5, 2, 3};
    gives(&k, want, 4);
}

static void test_gather_nd(void **state)
{
    (void)state;
    static const int64_t bad[4] = {0, 1, 2, 4};
    onnx_case k = {"GatherND", -1, {2, 2}, bad, false, {0, 0}, NULL};
    refused(&k, "gather_nd 'pick': index 4 (element 3 of the indices) is out of range for axis 1 of extent 4");
    static const int64_t neg[4] = {-1, -1, 0, -4}; /* data[2][3], data[0][0] */
    k.indices = neg;
    static const float want[2] = {11, 0};
    gives(&k, want, 2);
}

static void test_scatter_nd(void **state)
{
    (void)state;
    static const int64_t bad[1] = {3};
    static const float upd[4] = {-1, -2, -3, -4};
    onnx_case k = {"ScatterND", -1, {1, 1}, bad, false, {1, 4}, upd};
    refused(&k, "scatter_nd 'pick': index 3 (element 0 of the indices) is out of range for axis 0 of extent 3");
    static const int64_t neg[1] = {-1}; /* row 2 replaced */
    k.indices = neg;
    static const float want[12] = {0, 1, 2, 3, 4, 5, 6, 7, -1, -2, -3, -4};
    gives(&k, want, 12);
}

static void test_scatter_elements(void **state)
{
    (void)state;
    static const int64_t bad[3] = {0, -5, 1};
    static const float upd[3] = {100, 200, 300};
    onnx_case k = {"ScatterElements", 1, {3, 1}, bad, false, {3, 1}, upd};
    refused(&k,
            "scatter_elements 'pick': index -5 (element 1 of the indices) is out of range for axis 1 of extent 4: "
            "valid indices are [-4, 3]");
    static const int64_t neg[3] = {-4, -1, 0}; /* data[0][0] = 100, data[1][3] = 200, data[2][0] = 300 */
    k.indices = neg;
    static const float want[12] = {100, 1, 2, 3, 4, 5, 6, 200, 300, 9, 10, 11};
    gives(&k, want, 12);
}

/* The same out-of-range index in a WebNN graph is clamped (WebNN gather(): "clamped"): index
 * 4 of an axis of extent 4 reads column 3, -5 reads column 0. */
static void test_webnn_gather_clamps(void **state)
{
    (void)state;
    nnx_context *ctx = NULL;
    nnx_builder *b = NULL;
    nnx_graph *g = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 2}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    const nnx_operand_desc dd = {NNX_FLOAT32, 2, {3, 4}}, id = {NNX_INT64, 1, {2}};
    static const int64_t idx[2] = {4, -5};
    nnx_operand *x = nnx_builder_input(b, "data", &dd);
    nnx_operand *i = nnx_builder_constant(b, &id, idx, sizeof idx);
    nnx_operand *y = nnx_builder_gather(b, x, i, &(nnx_gather_options){.label = "pick", .axis = 1});
    assert_int_equal(nnx_builder_build(b, &(nnx_named_operand){"y", y}, 1, &g), NNX_OK);
    nnx_builder_destroy(b);
    nnx_tensor *xt = NULL, *yt = NULL;
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = dd, .writable = true}, &xt), NNX_OK);
    assert_int_equal(
        nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = {NNX_FLOAT32, 2, {3, 2}}, .readable = true}, &yt), NNX_OK);
    assert_int_equal(nnx_tensor_write(xt, kData, sizeof kData), NNX_OK);
    assert_int_equal(nnx_context_dispatch(ctx, g, &(nnx_named_tensor){"data", xt}, 1, &(nnx_named_tensor){"y", yt}, 1),
                     NNX_OK);
    float out[6];
    assert_int_equal(nnx_tensor_read(yt, out, sizeof out), NNX_OK);
    static const float want[6] = {3, 0, 7, 4, 11, 8};
    for (int k = 0; k < 6; k++)
        assert_float_equal(out[k], want[k], 0);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gather),
        cmocka_unit_test(test_gather_constant_indices),
        cmocka_unit_test(test_gather_elements),
        cmocka_unit_test(test_gather_nd),
        cmocka_unit_test(test_scatter_nd),
        cmocka_unit_test(test_scatter_elements),
        cmocka_unit_test(test_webnn_gather_clamps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
