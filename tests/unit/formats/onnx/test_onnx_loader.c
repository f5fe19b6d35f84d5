/* test_onnx_loader.c — the ONNX loader's errors and the attribute meanings the conformance
 * data leaves out: malformed protobuf, undefined inputs, unsupported operators reported all at
 * once with their opsets, subgraph operators, external data (read, and path traversal
 * refused), overflowing and inconsistent tensor sizes, symbolic dimensions, values that must
 * be known at load time, a node of more than 64 inputs, legacy (opset < 7) broadcasting,
 * Softmax's opset-11 coercion and the Attention inputs the mapping refuses, and the refusals
 * of the opset-27 and preview operators (FlexAttention's mask_mod, LinearAttention's rule and
 * unrolled length, CausalConvWithState's activation) and of the run-time sampling operators
 * (RoiAlign's adaptive sampling_ratio, DeformConv other than 2-D, STFT's run-time frame_step)
 * and of the data-dependent and ai.onnx.ml operators (NonMaxSuppression's run-time boxes,
 * TreeEnsemble before ai.onnx.ml opset 5, TfIdfVectorizer's string pool).
 * Models are built in memory with the protobuf-c reader's own structs and packed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "formats/onnx/onnx.h"
#include "runtime/plan.h"

#include "onnx.pb-c.h"

/* ---------------------------------------------------------------- model building */

#include "onnx_model_builder.h"

/* A float32 graph input of shape[rank]. */
static void input(mb *b, const char *name, const int64_t *shape, unsigned rank)
{
    mb_input(b, name, ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, shape, rank);
}

static Onnx__TensorProto *init_f32(mb *b, const char *name, const int64_t *dims, unsigned rank, const float *data,
                                   size_t n)
{
    size_t k = b->graph.n_initializer++;
    Onnx__TensorProto *t = &b->inits[k];
    onnx__tensor_proto__init(t);
    t->name = (char *)name;
    memcpy(b->tdims[k], dims, rank * sizeof *dims);
    t->dims = b->tdims[k];
    t->n_dims = rank;
    t->has_data_type = 1;
    t->data_type = ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT;
    t->float_data = (float *)data;
    t->n_float_data = n;
    b->init_ptrs[k] = t;
    b->graph.initializer = b->init_ptrs;
    return t;
}

static uint8_t *pack(mb *b, size_t *len)
{
    *len = onnx__model_proto__get_packed_size(&b->model);
    uint8_t *buf = malloc(*len ? *len : 1);
    assert_non_null(buf);
    onnx__model_proto__pack(&b->model, buf);
    return buf;
}

/* Loads b (dir: external data folder); returns the status, err set. */
static nnx_status load(mb *b, const char *dir, const nnx_ir_model_options *o, nnx_ir_model *m, nnx_error *err)
{
    static nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    size_t len;
    uint8_t *buf = pack(b, &len);
    nnx_ir_model_init(m, &alloc, "onnx");
    memset(err, 0, sizeof *err);
    nnx_status st = nnx_onnx_load_buffer(buf, len, "t.onnx", dir, o, NULL, 0, m, err);
    free(buf);
    return st;
}

/* Runs m with one float input; copies output 0 (n floats) to y. */
static void run1(nnx_ir_model *m, const float *x, float *y, size_t n)
{
    nnx_plan plan = {0};
    nnx_error err = {0};
    assert_int_equal(nnx_plan_compile(&plan, &m->ir, m->outputs, m->n_outputs, &err), NNX_OK);
    nnx_exec *e = nnx_exec_create(&plan, &err);
    assert_non_null(e);
    e->buffers[m->inputs[0]] = (void *)x;
    assert_int_equal(nnx_plan_run(&plan, e, &err), NNX_OK);
    memcpy(y, e->buffers[m->outputs[0]], n * sizeof *y);
    e->buffers[m->inputs[0]] = NULL;
    nnx_exec_destroy(&plan, e);
    nnx_plan_free(&plan);
}

static char *XS[] = {"x"}, *YS[] = {"y"};

/* Loading b with output y fails with NOT_SUPPORTED, its message holding label and expect. */
static void refused_with(mb *b, const char *label, const char *expect)
{
    output(b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(b, NULL, NULL, &m, &err), NNX_ERROR_NOT_SUPPORTED);
    if (!strstr(err.message, label) || !strstr(err.message, expect))
        fail_msg("the message '%s' does not say '%s' and '%s'", err.message, label, expect);
    nnx_ir_model_free(&m);
}

/* ---------------------------------------------------------------- tests */

static void test_malformed_protobuf(void **state)
{
    (void)state;
    nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    nnx_ir_model m;
    nnx_ir_model_init(&m, &alloc, "onnx");
    nnx_error err = {0};
    static const uint8_t junk[] = {0x3a, 0xff, 0xff, 0xff, 0x0f, 0x01}; /* field 7, length 2^32-1 */
    assert_int_equal(nnx_onnx_load_buffer(junk, sizeof junk, "t.onnx", NULL, NULL, NULL, 0, &m, &err),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "t.onnx: error: not an ONNX model (invalid protobuf)");
    nnx_ir_model_free(&m);
}

/* A length-delimited field `field` holding body[len] written in front of it, at *at (the
 * buffer is filled from its end). */
static void wrap(uint8_t *buf, size_t *at, unsigned field, size_t len)
{
    uint8_t head[12];
    size_t n = 0;
    head[n++] = (uint8_t)(field << 3 | 2);
    for (size_t v = len;; v >>= 7) {
        head[n++] = (uint8_t)((v & 0x7f) | (v >> 7 ? 0x80 : 0));
        if (!(v >> 7))
            break;
    }
    *at -= n;
    memcpy(buf + *at, head, n);
}

typedef struct deep_load {
    const uint8_t *data; /* the model's bytes, or NULL to read path */
    size_t size;
    const char *path;
    uint32_t max_depth; /* nnx_ir_model_options.max_depth */
    nnx_status st;
    char message[NNX_ERROR_MESSAGE_MAX];
} deep_load;

static void *load_deep(void *arg)
{
    deep_load *d = arg;
    nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    nnx_ir_model m;
    nnx_ir_model_init(&m, &alloc, "onnx");
    nnx_error err = {0};
    nnx_ir_model_options o = {.limits.depth = d->max_depth};
    d->st = d->data ? nnx_onnx_load_buffer(d->data, d->size, "deep.onnx", NULL, &o, NULL, 0, &m, &err)
                    : nnx_onnx_load(d->path, &o, &m, &err);
    snprintf(d->message, sizeof d->message, "%s", err.message);
    nnx_ir_model_free(&m);
    return NULL;
}

/* Runs d's load on a thread with a 256 KiB stack (issue 27: loading must work there). */
static void load_on_small_stack(deep_load *d)
{
    pthread_attr_t attr;
    pthread_t t;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstacksize(&attr, 256 * 1024), 0);
    assert_int_equal(pthread_create(&t, &attr, load_deep, d), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
}

/* A model whose graph input x's type is a sequence of a sequence of ... levels deep, its
 * messages nesting 5 + 2 * levels deep (model, graph, value info, type, then a Sequence and
 * a TypeProto per level, the tensor type last), built at the end of buf[room]; *size gets
 * its length and the result is its first byte. */
static const uint8_t *deep_type_model(uint8_t *buf, size_t room, int levels, size_t *size)
{
    size_t at = room, end = room;
    buf[--at] = 1; /* innermost TypeProto.Tensor: elem_type 1 */
    buf[--at] = 1 << 3;
    wrap(buf, &at, 1, end - at); /* TypeProto.tensor_type */
    for (int i = 0; i < levels; i++) {
        wrap(buf, &at, 1, end - at); /* Sequence.elem_type */
        wrap(buf, &at, 4, end - at); /* TypeProto.sequence_type */
    }
    wrap(buf, &at, 2, end - at); /* ValueInfoProto.type */
    at -= 3;
    memcpy(buf + at, "\x0a\x01x", 3); /* ValueInfoProto.name "x" */
    wrap(buf, &at, 11, end - at);     /* GraphProto.input */
    wrap(buf, &at, 7, end - at);      /* ModelProto.graph */
    *size = end - at;
    return buf + at;
}

/* A graph input whose type is a sequence of a sequence of ... 6000 deep (42 KB): protobuf-c
 * would recurse once per level unpacking it; the loader measures the nesting on the wire
 * first and refuses it, naming the limit and the option, on a thread with a 256 KiB stack. */
static void test_deep_messages_refused(void **state)
{
    (void)state;
    enum { LEVELS = 6000 };
    static uint8_t buf[LEVELS * 8 + 256];
    deep_load d = {0};
    d.data = deep_type_model(buf, sizeof buf, LEVELS, &d.size);
    load_on_small_stack(&d);
    assert_int_equal(d.st, NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(d.message,
                        "deep.onnx: error: the model's protobuf messages nest more than 100 deep (the "
                        "limit; raise it with nnx_model_options.max_depth, nnx --max-depth)");
}

/* The deepest nesting the default accepts (99: 47 levels of sequence) is decoded by
 * protobuf-c, recursing once per message (about 1 KiB each: 270 overflow this stack), on a
 * 256 KiB stack; the loader then refuses the nested sequence type itself. A lower max_depth
 * refuses the same bytes before decoding. */
static void test_deepest_accepted_on_small_stack(void **state)
{
    (void)state;
    static uint8_t buf[4096];
    deep_load d = {0};
    d.data = deep_type_model(buf, sizeof buf, 47, &d.size);
    load_on_small_stack(&d);
    assert_string_equal(d.message,
                        "deep.onnx: error: graph input 'x' is a sequence of non-tensors (only "
                        "sequence(tensor) is supported)");
    assert_int_equal(d.st, NNX_ERROR_NOT_SUPPORTED);
    d.max_depth = 98;
    load_on_small_stack(&d);
    assert_int_equal(d.st, NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(d.message,
                        "deep.onnx: error: the model's protobuf messages nest more than 98 deep (the "
                        "limit; raise it with nnx_model_options.max_depth, nnx --max-depth)");
}

/* An ordinary model (tests/data/onnx/conv_pool.onnx) loads on a 256 KiB stack. */
static void test_model_loads_on_small_stack(void **state)
{
    (void)state;
    deep_load d = {.path = NNX_SOURCE_DIR "/tests/data/onnx/conv_pool.onnx"};
    load_on_small_stack(&d);
    assert_string_equal(d.message, "");
    assert_int_equal(d.st, NNX_OK);
}

static void test_relu_runs(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[2] = {1, 4};
    input(&b, "x", s, 2);
    node(&b, "Relu", XS, 1, YS, 1);
    output(&b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_OK);
    assert_int_equal(m.n_ops, 1);
    assert_string_equal(m.op_names[0], "Relu");
    assert_string_equal(m.output_names[0], "y");
    float x[4] = {-1, 2, -3, 4}, y[4];
    run1(&m, x, y, 4);
    assert_true(y[0] == 0 && y[1] == 2 && y[2] == 0 && y[3] == 4);
    nnx_ir_model_free(&m);
}

static void test_unsupported_listed_at_once(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[2] = {1, 4};
    input(&b, "x", s, 2);
    static char *a[] = {"a"}, *c[] = {"c"}, *d[] = {"d"};
    node(&b, "FooOp", XS, 1, a, 1);
    node(&b, "Relu", a, 1, c, 1);
    node(&b, "StringSplit", c, 1, d, 1);
    node(&b, "FooOp", d, 1, YS, 1);
    output(&b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(err.message, "t.onnx: error: unsupported operators: FooOp (opset 13), StringSplit (opset 13)");
    nnx_ir_model_free(&m);
}

/* Unknown operators of other domains are listed once per (domain, op_type): the same name in
 * two domains twice, a repeat in one domain once, in the order first met. */
static void test_unsupported_other_domains_once(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[2] = {1, 4};
    input(&b, "x", s, 2);
    static char *a[] = {"a"}, *c[] = {"c"}, *d[] = {"d"};
    node(&b, "Foo", XS, 1, a, 1)->domain = "com.a";
    node(&b, "Foo", a, 1, c, 1)->domain = "com.b";
    node(&b, "Foo", c, 1, d, 1)->domain = "com.a";
    node(&b, "Bar", d, 1, YS, 1)->domain = "com.a";
    output(&b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(err.message,
                        "t.onnx: error: unsupported operators: Foo (domain com.a), Foo (domain com.b), "
                        "Bar (domain com.a)");
    nnx_ir_model_free(&m);
}

/* A node without an op_type makes the model invalid (NodeProto.op_type is required): an
 * INVALID_MODEL error naming the node (by index and output when it has no name), not an
 * unsupported operator called "". */
static void test_empty_op_type(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[2] = {1, 4};
    input(&b, "x", s, 2);
    node(&b, "", XS, 1, YS, 1);
    output(&b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_INVALID_MODEL);
    if (!strstr(err.message, "error: node 0 (output 'y') has an empty op_type"))
        fail_msg("the message '%s' does not name the node", err.message);
    nnx_ir_model_free(&m);
}

/* A dim_value is an extent: -1 is not one (an unknown extent has dim_param or no value), and
 * 2^62 is larger than any nnx takes; neither is called symbolic. */
static void test_dim_value_out_of_range(void **state)
{
    (void)state;
    const int64_t dims[2][2] = {{-1, 4}, {(int64_t)1 << 62, 4}};
    const nnx_status want[2] = {NNX_ERROR_INVALID_ARGUMENT, NNX_ERROR_NOT_SUPPORTED};
    const char *text[2] = {"graph input 'x' dimension 0 has dim_value -1, not an extent",
                           "graph input 'x' dimension 0 is 4611686018427387904, larger than an extent may be"};
    for (int k = 0; k < 2; k++) {
        mb b;
        mb_init(&b, 13, 0);
        input(&b, "x", dims[k], 2);
        node(&b, "Relu", XS, 1, YS, 1);
        output(&b, "y");
        nnx_ir_model_options o = {.allow_unbound = true};
        nnx_ir_model m;
        nnx_error err;
        assert_int_equal(load(&b, NULL, &o, &m, &err), want[k]);
        if (!strstr(err.message, text[k]))
            fail_msg("the message '%s' does not say '%s'", err.message, text[k]);
        nnx_ir_model_free(&m);
    }
}

/* A value defined twice is an error naming it (ONNX IR: the graph is in SSA form), not the
 * later definition silently winning. */
static void test_value_defined_twice(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[2] = {1, 4};
    input(&b, "x", s, 2);
    node(&b, "Relu", XS, 1, YS, 1);
    node(&b, "Neg", XS, 1, YS, 1);
    output(&b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    if (!strstr(err.message, "(Neg, opset 13): output 0 'y' is already defined"))
        fail_msg("the message '%s' does not name the second definition", err.message);
    nnx_ir_model_free(&m);
}

static void test_undefined_input(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[2] = {1, 4};
    input(&b, "x", s, 2);
    static char *in[] = {"x", "w"};
    node(&b, "Add", in, 2, YS, 1);
    output(&b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message,
                        "t.onnx: error: node 'y' (Add, opset 13): input 1 'w' is not defined before it is used");
    nnx_ir_model_free(&m);
}

static void test_undefined_output(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[2] = {1, 4};
    input(&b, "x", s, 2);
    node(&b, "Relu", XS, 1, YS, 1);
    output(&b, "z");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "t.onnx: error: graph output 'z' is not defined");
    nnx_ir_model_free(&m);
}

/* An initializer with external data: read from a file in the model's folder; a location
 * that leaves the folder (.., absolute) is refused; without a folder it is not supported. */
static void external_model(mb *b, const char *location, const char *offset)
{
    mb_init(b, 13, 0);
    int64_t s[2] = {1, 2};
    input(b, "x", s, 2);
    float none[1];
    Onnx__TensorProto *t = init_f32(b, "w", s, 2, none, 0);
    t->has_data_location = 1;
    t->data_location = ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL;
    const char *keys[3] = {"location", "offset", "length"}, *vals[3] = {location, offset, "8"};
    for (int i = 0; i < 3; i++) {
        onnx__string_string_entry_proto__init(&b->ext[i]);
        b->ext[i].key = (char *)keys[i];
        b->ext[i].value = (char *)vals[i];
        b->ext_ptrs[i] = &b->ext[i];
    }
    t->n_external_data = 3;
    t->external_data = b->ext_ptrs;
    static char *in[] = {"x", "w"};
    node(b, "Add", in, 2, YS, 1);
    output(b, "y");
}

static void test_external_data(void **state)
{
    (void)state;
    char dir[] = "/tmp/nnx-onnx-extXXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/w.bin", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    float junk = 99, w[2] = {10, 20};
    fwrite(&junk, 4, 1, f);
    fwrite(w, 4, 2, f);
    fclose(f);

    mb b;
    nnx_ir_model m;
    nnx_error err;
    external_model(&b, "w.bin", "4");
    assert_int_equal(load(&b, dir, NULL, &m, &err), NNX_OK);
    float x[2] = {1, 2}, y[2];
    run1(&m, x, y, 2);
    assert_true(y[0] == 11 && y[1] == 22);
    nnx_ir_model_free(&m);

    external_model(&b, "../w.bin", "4");
    assert_int_equal(load(&b, dir, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(
        err.message,
        "t.onnx: error: initializer 'w': tensor 'w': external data location '../w.bin' leaves the model's folder");
    nnx_ir_model_free(&m);
    external_model(&b, "/etc/passwd", "0");
    assert_int_equal(load(&b, dir, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "leaves the model's folder"));
    nnx_ir_model_free(&m);
    external_model(&b, "sub/../../w.bin", "0");
    assert_int_equal(load(&b, dir, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    nnx_ir_model_free(&m);
    external_model(&b, "w.bin", "8"); /* 8 bytes wanted from offset 8 of a 12-byte file */
    assert_int_equal(load(&b, dir, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "is too short"));
    nnx_ir_model_free(&m);
    external_model(&b, "w.bin", "4");
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_NOT_SUPPORTED);
    nnx_ir_model_free(&m);
    remove(path);
    rmdir(dir);
}

static void test_tensor_sizes(void **state)
{
    (void)state;
    mb b;
    nnx_ir_model m;
    nnx_error err;
    int64_t s[2] = {1, 4};
    float four[4] = {1, 2, 3, 4};
    /* dimensions whose product overflows */
    mb_init(&b, 13, 0);
    input(&b, "x", s, 2);
    int64_t huge[4] = {INT64_C(1) << 31, INT64_C(1) << 31, INT64_C(1) << 31, 4};
    init_f32(&b, "w", huge, 4, four, 4);
    static char *in[] = {"x", "w"};
    node(&b, "Add", in, 2, YS, 1);
    output(&b, "y");
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "t.onnx: error: initializer 'w': tensor 'w' is too large");
    nnx_ir_model_free(&m);
    /* a negative dimension */
    int64_t neg[2] = {1, -4};
    b.inits[0].dims = neg;
    b.inits[0].n_dims = 2;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "t.onnx: error: initializer 'w': tensor 'w' has dimension -4 out of range");
    nnx_ir_model_free(&m);
    /* fewer values than the shape needs */
    b.inits[0].dims = s;
    b.inits[0].n_float_data = 3;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "t.onnx: error: initializer 'w': tensor 'w' has 3 values, its shape needs 4");
    nnx_ir_model_free(&m);
    /* raw data of the wrong length */
    b.inits[0].n_float_data = 0;
    b.inits[0].has_raw_data = 1;
    b.inits[0].raw_data.data = (uint8_t *)four;
    b.inits[0].raw_data.len = 12;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message,
                        "t.onnx: error: initializer 'w': tensor 'w' has 12 bytes of raw data, its shape needs 16");
    nnx_ir_model_free(&m);
}

static void test_symbolic_dimension(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[2] = {1, 4};
    size_t k = b.graph.n_input++;
    b.in_ptrs[k] = mb_value(&b, &b.ins[k], "x", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, s, 2, "N");
    b.graph.input = b.in_ptrs;
    node(&b, "Relu", XS, 1, YS, 1);
    output(&b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(err.message,
                        "t.onnx: error: graph input 'x' has a symbolic or unknown dimension 0 ('N') in [N,4]: "
                        "give its shape (nnx_model_options.input_shapes; nnx --input-shape)");
    nnx_ir_model_free(&m);
    nnx_input_shape shape = {"x", 2, {3, 4}};
    nnx_ir_model_options o = {.input_shapes = &shape, .input_shape_count = 1};
    assert_int_equal(load(&b, NULL, &o, &m, &err), NNX_OK);
    assert_int_equal(m.ir.values[m.outputs[0]].desc.shape[0], 3);
    nnx_ir_model_free(&m);
    /* The fixed dimension must agree, and the rank (as ONNX Runtime checks its inputs). */
    shape = (nnx_input_shape){"x", 2, {3, 5}};
    assert_int_equal(load(&b, NULL, &o, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "t.onnx: error: graph input 'x' dimension 1 is 4, the shape given for it has 5");
    nnx_ir_model_free(&m);
    shape = (nnx_input_shape){"x", 1, {3}};
    assert_int_equal(load(&b, NULL, &o, &m, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "t.onnx: error: graph input 'x' has rank 2, the shape given for it rank 1");
    nnx_ir_model_free(&m);
}

/* Reshape's shape from a graph input is not known when the model is loaded. */
static void test_shape_must_be_known(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[2] = {2, 2}, s1[1] = {2};
    input(&b, "x", s, 2);
    input(&b, "shape", s1, 1);
    b.ttypes[1].elem_type = ONNX__TENSOR_PROTO__DATA_TYPE__INT64;
    static char *in[] = {"x", "shape"};
    node(&b, "Reshape", in, 2, YS, 1);
    output(&b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(err.message,
                        "t.onnx: error: node 'y' (Reshape, opset 13): shape must be known when the model is "
                        "loaded (an initializer, a Constant or computed from them)");
    nnx_ir_model_free(&m);
}

/* Shape arithmetic of initializers folds to constants: Reshape(x, Concat(Shape(x)[0:1], [-1])). */
static void test_shape_arithmetic_folds(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[3] = {2, 3, 4};
    input(&b, "x", s, 3);
    static char *sh[] = {"s"}, *st_in[] = {"s", "st", "en"}, *pre[] = {"p"}, *cat_in[] = {"p", "m1"}, *cat[] = {"t"},
                *rs_in[] = {"x", "t"};
    node(&b, "Shape", XS, 1, sh, 1);
    node(&b, "Slice", st_in, 3, pre, 1);
    node(&b, "Concat", cat_in, 2, cat, 1)->n_attribute = 0;
    node(&b, "Reshape", rs_in, 2, YS, 1);
    output(&b, "y");
    /* int64 initializers st = [0], en = [1], m1 = [-1] */
    static int64_t one[1] = {1}, zero[1] = {0}, minus1[1] = {-1};
    const char *names[3] = {"st", "en", "m1"};
    int64_t *vals[3] = {zero, one, minus1};
    for (int i = 0; i < 3; i++) {
        float none[1];
        Onnx__TensorProto *t = init_f32(&b, names[i], one, 1, none, 0);
        t->data_type = ONNX__TENSOR_PROTO__DATA_TYPE__INT64;
        t->int64_data = vals[i];
        t->n_int64_data = 1;
    }
    mb_attr_i(&b, &b.nodes[2], "axis", 0);
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_OK);
    nnx_operand_desc d = m.ir.values[m.outputs[0]].desc;
    assert_int_equal(d.rank, 2);
    assert_int_equal(d.shape[0], 2);
    assert_int_equal(d.shape[1], 12);
    nnx_ir_model_free(&m);
}

/* A node of more than 64 inputs (the 91-class SSDlite concatenates one tensor per class):
 * Concat of x [1] 90 times gives 90 copies of it. */
static void test_concat_many_inputs(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[1] = {1};
    input(&b, "x", s, 1);
    static char *many[90];
    for (int i = 0; i < 90; i++)
        many[i] = "x";
    Onnx__NodeProto *n = node(&b, "Concat", many, 90, YS, 1);
    mb_attr_i(&b, n, "axis", 0);
    output(&b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_OK);
    nnx_operand_desc d = m.ir.values[m.outputs[0]].desc;
    assert_int_equal(d.rank, 1);
    assert_int_equal(d.shape[0], 90);
    float x[1] = {2.5f}, y[90];
    run1(&m, x, y, 90);
    for (int i = 0; i < 90; i++)
        assert_true(y[i] == 2.5f);
    nnx_ir_model_free(&m);
}

/* A Slice with a negative step on a load-time value (the shape, reversed) still folds, so
 * the Reshape after it knows its shape: the reversal node once took its own output for its
 * input and was left to run time (torchvision's detection transforms compute Pad's pads so). */
static void test_reversed_shape_slice_folds(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    int64_t s[3] = {2, 3, 4};
    input(&b, "x", s, 3);
    static char *sh[] = {"s"}, *sl_in[] = {"s", "st", "en", "ax", "sp"}, *rev[] = {"r"}, *rs_in[] = {"x", "r"};
    node(&b, "Shape", XS, 1, sh, 1);
    node(&b, "Slice", sl_in, 5, rev, 1);
    node(&b, "Reshape", rs_in, 2, YS, 1);
    output(&b, "y");
    static int64_t one[1] = {1}, st[1] = {-1}, en[1] = {-INT64_MAX}, ax[1] = {0}, sp[1] = {-1};
    const char *names[4] = {"st", "en", "ax", "sp"};
    int64_t *vals[4] = {st, en, ax, sp};
    for (int i = 0; i < 4; i++) {
        float none[1];
        Onnx__TensorProto *t = init_f32(&b, names[i], one, 1, none, 0);
        t->data_type = ONNX__TENSOR_PROTO__DATA_TYPE__INT64;
        t->int64_data = vals[i];
        t->n_int64_data = 1;
    }
    nnx_ir_model m;
    nnx_error err;
    if (load(&b, NULL, NULL, &m, &err) != NNX_OK)
        fail_msg("%s", err.message);
    nnx_operand_desc d = m.ir.values[m.outputs[0]].desc;
    assert_int_equal(d.rank, 3);
    assert_int_equal(d.shape[0], 4);
    assert_int_equal(d.shape[1], 3);
    assert_int_equal(d.shape[2], 2);
    nnx_ir_model_free(&m);
}

/* Opset 6 Add with broadcast = 1 and axis = 1: B [3] lines up with A's axis 1, not the last. */
static void test_legacy_broadcast_axis(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 6, 0);
    int64_t s[3] = {2, 3, 2}, s1[1] = {3};
    input(&b, "x", s, 3);
    float bias[3] = {10, 20, 30};
    init_f32(&b, "b", s1, 1, bias, 3);
    static char *in[] = {"x", "b"};
    Onnx__NodeProto *n = node(&b, "Add", in, 2, YS, 1);
    mb_attr_i(&b, n, "broadcast", 1);
    mb_attr_i(&b, n, "axis", 1);
    output(&b, "y");
    nnx_ir_model m;
    nnx_error err;
    assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_OK);
    float x[12] = {0}, y[12];
    run1(&m, x, y, 12);
    for (int i = 0; i < 12; i++)
        assert_true(y[i] == bias[(i / 2) % 3]);
    nnx_ir_model_free(&m);
}

/* Softmax before opset 13 normalizes over the input flattened to 2-D at axis: with axis 1
 * on [2, 3, 2] each batch's 6 values sum to 1 (from opset 13: each axis-1 column of 3). */
static void test_softmax_opset11_coerces(void **state)
{
    (void)state;
    for (int64_t opset = 11; opset <= 13; opset += 2) {
        mb b;
        mb_init(&b, opset, 0);
        int64_t s[3] = {2, 3, 2};
        input(&b, "x", s, 3);
        Onnx__NodeProto *n = node(&b, "Softmax", XS, 1, YS, 1);
        mb_attr_i(&b, n, "axis", 1);
        output(&b, "y");
        nnx_ir_model m;
        nnx_error err;
        assert_int_equal(load(&b, NULL, NULL, &m, &err), NNX_OK);
        float x[12], y[12];
        for (int i = 0; i < 12; i++)
            x[i] = (float)i / 4;
        run1(&m, x, y, 12);
        double sum = 0;
        if (opset == 11) {
            for (int i = 0; i < 6; i++)
                sum += y[i];
        } else {
            for (int i = 0; i < 3; i++)
                sum += y[2 * i]; /* batch 0, column 0 along axis 1 */
        }
        assert_true(fabs(sum - 1) < 1e-6);
        nnx_ir_model_free(&m);
    }
}

/* Attention inputs the mapping refuses with NOT_SUPPORTED naming them (ONNX Operators,
 * Attention): V of another type than Q, an integer attn_mask, nonpad_kv_seqlen with a past. */
static void attention_refused(int k, const char *expect)
{
    mb b;
    mb_init(&b, 24, 0);
    int64_t qkv[4] = {1, 1, 2, 4}, mask[2] = {2, 2}, past[4] = {1, 1, 1, 4}, len[1] = {1};
    static char *plain[] = {"q", "k", "v"}, *masked[] = {"q", "k", "v", "m"},
                *cached[] = {"q", "k", "v", "", "pk", "pv", "n"};
    input(&b, "q", qkv, 4);
    input(&b, "k", qkv, 4);
    input(&b, "v", qkv, 4);
    if (k == 0) {
        b.ttypes[2].elem_type = ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16;
        node(&b, "Attention", plain, 3, YS, 1);
    } else if (k == 1) {
        input(&b, "m", mask, 2);
        b.ttypes[3].elem_type = ONNX__TENSOR_PROTO__DATA_TYPE__INT32;
        node(&b, "Attention", masked, 4, YS, 1);
    } else {
        input(&b, "pk", past, 4);
        input(&b, "pv", past, 4);
        input(&b, "n", len, 1);
        b.ttypes[5].elem_type = ONNX__TENSOR_PROTO__DATA_TYPE__INT64;
        node(&b, "Attention", cached, 7, YS, 1);
    }
    refused_with(&b, "(Attention, opset 24): ", expect);
}

static void test_attention_refusals(void **state)
{
    (void)state;
    attention_refused(0, "V of type float16 with Q of type float32");
    attention_refused(1, "attn_mask of type int32");
    attention_refused(2, "nonpad_kv_seqlen with past_key");
}

/* Opset-27 and preview operators: what their mappings refuse, with NOT_SUPPORTED naming it
 * (ONNX Operators, FlexAttention (ai.onnx.preview), LinearAttention and CausalConvWithState
 * (opset 27)): 0 a FlexAttention mask_mod subgraph, 1 an unknown LinearAttention
 * update_rule, 2 a LinearAttention sequence longer than the unrolled limit, 3 an unknown
 * CausalConvWithState activation. */
static void newer_op_refused(int k, const char *label, const char *expect)
{
    mb b;
    mb_init(&b, k == 0 ? 26 : 27, 0);
    int64_t qkv4[4] = {1, 1, 2, 4}, qkv3[3] = {1, 2, 4}, long3[3] = {1, 4097, 4}, conv_x[3] = {1, 2, 4},
            conv_w[3] = {2, 1, 3};
    static char *qkv[] = {"q", "k", "v"}, *conv[] = {"x", "w"};
    static Onnx__GraphProto mask_mod;
    static Onnx__AttributeProto a[3], *ap[3];
    for (int i = 0; i < 3; i++) {
        onnx__attribute_proto__init(&a[i]);
        a[i].has_type = 1;
        ap[i] = &a[i];
    }
    Onnx__NodeProto *n;
    size_t n_attr = 1;
    if (k == 0) {
        for (int i = 0; i < 3; i++)
            input(&b, qkv[i], qkv4, 4);
        n = node(&b, "FlexAttention", qkv, 3, YS, 1);
        n->domain = "ai.onnx.preview";
        onnx__graph_proto__init(&mask_mod);
        mask_mod.name = "mask_mod";
        a[0].name = "mask_mod";
        a[0].type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPH;
        a[0].g = &mask_mod;
    } else if (k == 1 || k == 2) {
        for (int i = 0; i < 3; i++)
            input(&b, qkv[i], k == 1 ? qkv3 : long3, 3);
        n = node(&b, "LinearAttention", qkv, 3, YS, 1);
        a[0].name = "update_rule";
        a[0].type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING;
        a[0].has_s = 1;
        a[0].s.data = (uint8_t *)(k == 1 ? "softmax" : "linear");
        a[0].s.len = strlen((const char *)a[0].s.data);
        const char *heads[2] = {"q_num_heads", "kv_num_heads"};
        for (int i = 1; i < 3; i++) {
            a[i].name = (char *)heads[i - 1];
            a[i].type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT;
            a[i].has_i = 1;
            a[i].i = 1;
        }
        n_attr = 3;
    } else {
        input(&b, "x", conv_x, 3);
        input(&b, "w", conv_w, 3);
        n = node(&b, "CausalConvWithState", conv, 2, YS, 1);
        a[0].name = "activation";
        a[0].type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING;
        a[0].has_s = 1;
        a[0].s.data = (uint8_t *)"relu";
        a[0].s.len = 4;
    }
    n->attribute = ap;
    n->n_attribute = n_attr;
    refused_with(&b, label, expect);
}

static void test_newer_op_refusals(void **state)
{
    (void)state;
    newer_op_refused(0, "(FlexAttention, opset 26): ", "mask_mod (not an attribute of FlexAttention in ONNX 1.23");
    newer_op_refused(1, "(LinearAttention, opset 27): ", "update_rule 'softmax'");
    newer_op_refused(2, "(LinearAttention, opset 27): ", "a sequence of 4097 steps (unrolled: at most 4096)");
    newer_op_refused(3, "(CausalConvWithState, opset 27): ", "activation 'relu'");
}

/* Run-time sampling operators: what their mappings refuse, with NOT_SUPPORTED naming it (ONNX
 * Operators, RoiAlign, DeformConv, STFT): 0 RoiAlign sampling_ratio 0, whose sample count
 * depends on the rois' run-time values, 1 a 1-D DeformConv, 2 an STFT frame_step that is a
 * run-time input (it sets the number of frames). */
static void sampling_op_refused(int k, const char *label, const char *expect)
{
    mb b;
    mb_init(&b, k == 2 ? 17 : 22, 0);
    int64_t img[4] = {1, 1, 4, 4}, rois[2] = {1, 4}, bi[1] = {1}, x1[3] = {1, 1, 4}, w1[3] = {1, 1, 2},
            off1[3] = {1, 2, 3}, sig[3] = {1, 16, 1}, scalar[1] = {0};
    static char *roi_in[] = {"x", "r", "b"}, *dc_in[] = {"x", "w", "o"}, *stft_in[] = {"x", "s"};
    static Onnx__AttributeProto a, *ap[1] = {&a};
    onnx__attribute_proto__init(&a);
    Onnx__NodeProto *n;
    if (k == 0) {
        input(&b, "x", img, 4);
        input(&b, "r", rois, 2);
        input(&b, "b", bi, 1);
        b.ttypes[2].elem_type = ONNX__TENSOR_PROTO__DATA_TYPE__INT64;
        n = node(&b, "RoiAlign", roi_in, 3, YS, 1);
        a.name = "sampling_ratio";
        a.has_type = 1;
        a.type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT;
        a.has_i = 1;
        a.i = 0;
        n->attribute = ap;
        n->n_attribute = 1;
    } else if (k == 1) {
        input(&b, "x", x1, 3);
        input(&b, "w", w1, 3);
        input(&b, "o", off1, 3);
        node(&b, "DeformConv", dc_in, 3, YS, 1);
    } else {
        input(&b, "x", sig, 3);
        input(&b, "s", scalar, 0);
        b.ttypes[1].elem_type = ONNX__TENSOR_PROTO__DATA_TYPE__INT64;
        node(&b, "STFT", stft_in, 2, YS, 1);
    }
    refused_with(&b, label, expect);
}

static void test_sampling_op_refusals(void **state)
{
    (void)state;
    sampling_op_refused(0, "(RoiAlign, opset 22): ", "sampling_ratio 0 (1 to 64 are supported)");
    sampling_op_refused(1, "(DeformConv, opset 22): ", "X of rank 3 (2-D DeformConv only)");
    sampling_op_refused(2, "(STFT, opset 17): ", "frame_step must be known when the model is loaded");
}

/* 0 NonMaxSuppression on run-time boxes (its output length depends on them; ONNX Operators,
 * NonMaxSuppression), 1 TreeEnsemble in a model importing ai.onnx.ml opset 3 (ONNX-ML
 * Operators, TreeEnsemble is opset 5), 2 TfIdfVectorizer with pool_strings (no string type). */
static void data_op_refused(int k, const char *label, const char *expect)
{
    mb b;
    mb_init(&b, 11, 0);
    int64_t boxes[3] = {1, 2, 4}, scores[3] = {1, 1, 2}, x2[2] = {2, 3};
    static char *nms_in[] = {"x", "s"};
    static Onnx__AttributeProto a, *ap[1] = {&a};
    onnx__attribute_proto__init(&a);
    Onnx__NodeProto *n;
    if (k == 0) {
        input(&b, "x", boxes, 3);
        input(&b, "s", scores, 3);
        node(&b, "NonMaxSuppression", nms_in, 2, YS, 1);
    } else if (k == 1) {
        b.opsets[1].version = 3; /* ai.onnx.ml */
        b.model.n_opset_import = 2;
        input(&b, "x", x2, 2);
        n = node(&b, "TreeEnsemble", XS, 1, YS, 1);
        n->domain = "ai.onnx.ml";
    } else {
        input(&b, "x", x2, 2);
        b.ttypes[0].elem_type = ONNX__TENSOR_PROTO__DATA_TYPE__INT64;
        n = node(&b, "TfIdfVectorizer", XS, 1, YS, 1);
        a.name = "pool_strings";
        a.has_type = 1;
        a.type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRINGS;
        n->attribute = ap;
        n->n_attribute = 1;
    }
    refused_with(&b, label, expect);
}

static void test_data_op_refusals(void **state)
{
    (void)state;
    data_op_refused(0, "(NonMaxSuppression, opset 11): ",
                    "NonMaxSuppression on boxes known only at run time is not supported yet: its output length "
                    "depends on them");
    data_op_refused(1, "(TreeEnsemble, opset 11): ", "TreeEnsemble needs ai.onnx.ml opset 5 (the model imports 3)");
    data_op_refused(2, "(TfIdfVectorizer, opset 11): ", "pool_strings is not supported");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_malformed_protobuf),
        cmocka_unit_test(test_deep_messages_refused),
        cmocka_unit_test(test_deepest_accepted_on_small_stack),
        cmocka_unit_test(test_model_loads_on_small_stack),
        cmocka_unit_test(test_empty_op_type),
        cmocka_unit_test(test_value_defined_twice),
        cmocka_unit_test(test_dim_value_out_of_range),
        cmocka_unit_test(test_relu_runs),
        cmocka_unit_test(test_unsupported_listed_at_once),
        cmocka_unit_test(test_unsupported_other_domains_once),
        cmocka_unit_test(test_undefined_input),
        cmocka_unit_test(test_undefined_output),
        cmocka_unit_test(test_external_data),
        cmocka_unit_test(test_tensor_sizes),
        cmocka_unit_test(test_symbolic_dimension),
        cmocka_unit_test(test_shape_must_be_known),
        cmocka_unit_test(test_shape_arithmetic_folds),
        cmocka_unit_test(test_concat_many_inputs),
        cmocka_unit_test(test_reversed_shape_slice_folds),
        cmocka_unit_test(test_legacy_broadcast_axis),
        cmocka_unit_test(test_softmax_opset11_coerces),
        cmocka_unit_test(test_attention_refusals),
        cmocka_unit_test(test_newer_op_refusals),
        cmocka_unit_test(test_sampling_op_refusals),
        cmocka_unit_test(test_data_op_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
