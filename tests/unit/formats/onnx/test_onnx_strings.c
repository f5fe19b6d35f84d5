/* test_onnx_strings.c — ONNX string tensors as load-time structures (src/formats/onnx/
 * onnx_strings.c, onnx_ops_string.c, onnx_ops_label_encoder.c): the string operators on
 * small models built in memory, expected values worked out from the ONNX Operators text
 * (StringSplit's padding and counts, LabelEncoder's defaults, RegexFullMatch's anchoring,
 * Cast's text forms), string outputs handed back beside the IR, and the refusals (a string
 * input not given, a string output through nnx_model_load, a pattern regcomp rejects, the
 * size bounds). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "formats/onnx/onnx.h"
#include "nnx.h"
#include "runtime/plan.h"

#include "onnx.pb-c.h"

/* ---------------------------------------------------------------- model building */

#include "onnx_model_builder.h"

/* A graph input of element type elem (8: STRING) and no declared shape. */
static void input(mb *b, const char *name, int32_t elem) { mb_input(b, name, elem, NULL, 0); }

static void attr_s(mb *b, Onnx__NodeProto *n, const char *name, const char *v)
{
    Onnx__AttributeProto *a = mb_attr(b, n, name);
    a->has_s = 1;
    a->s.data = (uint8_t *)v;
    a->s.len = strlen(v);
    a->has_type = 1;
    a->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING;
}

static void attr_strings(mb *b, Onnx__NodeProto *n, const char *name, const char *const *v, size_t count)
{
    Onnx__AttributeProto *a = mb_attr(b, n, name);
    assert_true(b->n_strs < MB_MAXN && count <= MB_MAXN);
    ProtobufCBinaryData *s = b->strs[b->n_strs++];
    for (size_t i = 0; i < count; i++)
        s[i] = (ProtobufCBinaryData){strlen(v[i]), (uint8_t *)v[i]};
    a->strings = s;
    a->n_strings = count;
    a->has_type = 1;
    a->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRINGS;
}

/* Writes b into a temporary file, b->path (named .onnx: nnx_model_load picks the format by it). */
static void save(mb *b)
{
    size_t len = onnx__model_proto__get_packed_size(&b->model);
    uint8_t *buf = malloc(len ? len : 1);
    assert_non_null(buf);
    onnx__model_proto__pack(&b->model, buf);
    static unsigned serial;
    snprintf(b->path, sizeof b->path, "/tmp/nnx-strings-%ld-%u.onnx", (long)getpid(), serial++);
    FILE *f = fopen(b->path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(buf, 1, len, f), len);
    fclose(f);
    free(buf);
}

/* A loaded model: the allocator its model uses, the string outputs, the error. */
typedef struct loaded {
    nnx_alloc a;
    nnx_ir_model m;
    nnx_onnx_string_outputs so;
    nnx_error err;
} loaded;

/* Loads b with the known inputs given into *l (freed with nnx_ir_model_free(&l->m)). */
static nnx_status load(mb *b, const nnx_onnx_known_input *known, uint32_t n_known, loaded *l)
{
    save(b);
    assert_true(nnx_alloc_init(&l->a, NULL));
    nnx_ir_model_init(&l->m, &l->a, "onnx");
    memset(&l->err, 0, sizeof l->err);
    nnx_status st = nnx_onnx_load_with_strings(b->path, NULL, known, n_known, &l->so, &l->m, &l->err);
    unlink(b->path);
    return st;
}

static void load_ok(mb *b, const nnx_onnx_known_input *known, uint32_t n_known, loaded *l)
{
    if (load(b, known, n_known, l) != NNX_OK)
        fail_msg("%s", l->err.message);
}

/* Loading b fails with status want, the message holding text. */
static void load_fails(mb *b, const nnx_onnx_known_input *known, uint32_t n_known, nnx_status want, const char *text)
{
    loaded l;
    assert_int_equal(load(b, known, n_known, &l), want);
    if (!strstr(l.err.message, text))
        fail_msg("the message '%s' does not say '%s'", l.err.message, text);
    nnx_ir_model_free(&l.m);
}

/* A known string input of shape [n]. */
static nnx_onnx_known_input strings_1d(const char *name, const char *const *s, uint32_t n)
{
    return (nnx_onnx_known_input){
        .name = name, .desc = {NNX_DTYPE_UNDEFINED, 1, {n}}, .kind = NNX_ONNX_KNOWN_STRINGS, .strings = s};
}

/* Runs m (no inputs) and copies output k's bytes into dst. */
static void run_output(nnx_ir_model *m, uint32_t k, void *dst, size_t bytes)
{
    nnx_plan plan = {0};
    nnx_error err = {0};
    assert_int_equal(nnx_plan_compile(&plan, &m->ir, m->outputs, m->n_outputs, &err), NNX_OK);
    nnx_exec *e = nnx_exec_create(&plan, &err);
    assert_non_null(e);
    assert_int_equal(nnx_plan_run(&plan, e, &err), NNX_OK);
    memcpy(dst, e->buffers[m->outputs[k]], bytes);
    nnx_exec_destroy(&plan, e);
    nnx_plan_free(&plan);
}

static void expect_strings(const nnx_onnx_string_output *o, const char *const *want, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(o->strings[i], want[i]) != 0 || o->lengths[i] != strlen(want[i]))
            fail_msg("output '%s' element %u is '%s', expected '%s'", o->name, i, o->strings[i], want[i]);
}

static char *X[] = {"x"}, *Y[] = {"y"}, *YZ[] = {"y", "z"};

/* ---------------------------------------------------------------- tests */

/* ONNX Operators, StringSplit: "a,b,,c" at "," is a, b, "", c (an empty piece between two
 * delimiters); the rows are padded with "" to the longest, z counts each row's pieces. */
static void test_split(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 20, 0);
    input(&b, "x", 8);
    attr_s(&b, node(&b, "StringSplit", X, 1, YZ, 2), "delimiter", ",");
    output(&b, "y");
    output(&b, "z");
    static const char *const xs[] = {"a,b,,c", "x"};
    nnx_onnx_known_input k = strings_1d("x", xs, 2);
    loaded l;
    load_ok(&b, &k, 1, &l);
    assert_int_equal(l.so.n, 1);
    assert_int_equal(l.m.n_outputs, 1);
    assert_string_equal(l.so.v[0].name, "y");
    assert_int_equal(l.so.v[0].position, 0);
    assert_int_equal(l.so.v[0].desc.rank, 2);
    assert_int_equal(l.so.v[0].desc.shape[0], 2);
    assert_int_equal(l.so.v[0].desc.shape[1], 4);
    static const char *const want[] = {"a", "b", "", "c", "x", "", "", ""};
    expect_strings(&l.so.v[0], want, 8);
    int64_t z[2];
    run_output(&l.m, 0, z, sizeof z);
    assert_true(z[0] == 4 && z[1] == 1);
    nnx_ir_model_free(&l.m);
}

/* No delimiter: runs of whitespace, none at the ends; maxsplit 1 keeps the rest whole. */
static void test_split_whitespace(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 20, 0);
    input(&b, "x", 8);
    mb_attr_i(&b, node(&b, "StringSplit", X, 1, YZ, 2), "maxsplit", 1);
    output(&b, "y");
    static const char *const xs[] = {"  a  b c ", ""};
    nnx_onnx_known_input k = strings_1d("x", xs, 2);
    loaded l;
    load_ok(&b, &k, 1, &l);
    assert_int_equal(l.so.v[0].desc.shape[1], 2);
    static const char *const want[] = {"a", "b c ", "", ""};
    expect_strings(&l.so.v[0], want, 4);
    nnx_ir_model_free(&l.m);
}

/* ONNX-ML Operators, LabelEncoder (opset 2): a key absent from keys_strings takes the
 * default — default_float's -0.0 when none is given. */
static void test_label_encoder_defaults(void **state)
{
    (void)state;
    for (int given = 0; given < 2; given++) {
        mb b;
        mb_init(&b, 13, 2);
        input(&b, "x", 8);
        Onnx__NodeProto *n = node(&b, "LabelEncoder", X, 1, Y, 1);
        n->domain = "ai.onnx.ml";
        static const char *const keys[] = {"a", "b"};
        attr_strings(&b, n, "keys_strings", keys, 2);
        Onnx__AttributeProto *v = mb_attr(&b, n, "values_floats");
        static float vals[] = {1.5f, 2.5f};
        v->floats = vals;
        v->n_floats = 2;
        v->has_type = 1;
        v->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOATS;
        if (given) {
            Onnx__AttributeProto *d = mb_attr(&b, n, "default_float");
            d->has_f = 1;
            d->f = 7.0f;
        }
        output(&b, "y");
        static const char *const xs[] = {"b", "c", "a"};
        nnx_onnx_known_input k = strings_1d("x", xs, 3);
        loaded l;
        load_ok(&b, &k, 1, &l);
        float y[3];
        run_output(&l.m, 0, y, sizeof y);
        assert_true(y[0] == 2.5f && y[2] == 1.5f);
        if (given)
            assert_true(y[1] == 7.0f);
        else
            assert_true(y[1] == 0.0f && signbit(y[1]));
        nnx_ir_model_free(&l.m);
    }
}

/* Int64 keys to strings: an unknown key gives default_string's "_Unused". */
static void test_label_encoder_to_strings(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 2);
    static char *C[] = {"c"};
    Onnx__NodeProto *cn = node(&b, "Constant", NULL, 0, C, 1);
    Onnx__AttributeProto *ca = mb_attr(&b, cn, "value_ints");
    static int64_t xs[] = {2, 9};
    ca->ints = xs;
    ca->n_ints = 2;
    Onnx__NodeProto *n = node(&b, "LabelEncoder", C, 1, Y, 1);
    n->domain = "ai.onnx.ml";
    Onnx__AttributeProto *kk = mb_attr(&b, n, "keys_int64s");
    static int64_t keys[] = {1, 2};
    kk->ints = keys;
    kk->n_ints = 2;
    static const char *const vals[] = {"one", "two"};
    attr_strings(&b, n, "values_strings", vals, 2);
    output(&b, "y");
    loaded l;
    load_ok(&b, NULL, 0, &l);
    assert_int_equal(l.m.n_outputs, 0);
    assert_int_equal(l.so.n, 1);
    static const char *const want[] = {"two", "_Unused"};
    expect_strings(&l.so.v[0], want, 2);
    nnx_ir_model_free(&l.m);
}

/* RegexFullMatch matches the whole string: "ab" does not match "xaby" nor "abab", and an
 * alternation is anchored as a whole; \d and \w work outside and inside brackets. */
static void regex_case(const char *pattern, const char *const *xs, uint32_t n, const unsigned char *want)
{
    mb b;
    mb_init(&b, 20, 0);
    input(&b, "x", 8);
    attr_s(&b, node(&b, "RegexFullMatch", X, 1, Y, 1), "pattern", pattern);
    output(&b, "y");
    nnx_onnx_known_input k = strings_1d("x", xs, n);
    loaded l;
    load_ok(&b, &k, 1, &l);
    unsigned char y[8];
    run_output(&l.m, 0, y, n);
    for (uint32_t i = 0; i < n; i++)
        if (y[i] != want[i])
            fail_msg("'%s' on '%s' gave %d", pattern, xs[i], y[i]);
    nnx_ir_model_free(&l.m);
}

static void test_regex_anchoring(void **state)
{
    (void)state;
    static const char *const a[] = {"ab", "xaby", "abab"};
    regex_case("ab", a, 3, (const unsigned char[]){1, 0, 0});
    static const char *const b[] = {"a", "ab", "b"};
    regex_case("a|b", b, 3, (const unsigned char[]){1, 0, 1});
    static const char *const c[] = {"123", "12a", "a.b-c_9", "a b"};
    regex_case("\\d+", c, 2, (const unsigned char[]){1, 0});
    regex_case("[\\w.\\-]+", c + 2, 2, (const unsigned char[]){1, 0});
}

/* A pattern POSIX regcomp rejects is NOT_SUPPORTED, the pattern in the message. */
static void test_regex_refused(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 20, 0);
    input(&b, "x", 8);
    attr_s(&b, node(&b, "RegexFullMatch", X, 1, Y, 1), "pattern", "a(b");
    output(&b, "y");
    static const char *const xs[] = {"ab"};
    nnx_onnx_known_input k = strings_1d("x", xs, 1);
    load_fails(&b, &k, 1, NNX_ERROR_NOT_SUPPORTED, "pattern 'a(b'");
}

/* A string input that is not given is NOT_SUPPORTED, naming it. */
static void test_string_input_not_given(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 20, 0);
    input(&b, "words", 8);
    static char *W[] = {"words"};
    node(&b, "StringNormalizer", W, 1, Y, 1);
    output(&b, "y");
    load_fails(&b, NULL, 0, NNX_ERROR_NOT_SUPPORTED, "string input 'words' must be given when the model is loaded");
}

/* Through the public API a string graph output is a value of the model
 * (nnx_model_string_output), not an output of its graph; a model with no other output has
 * no graph to build, and says so. */
static void test_string_output_public_api(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    static char *S[] = {"s"};
    Onnx__NodeProto *n = node(&b, "Constant", NULL, 0, S, 1);
    static const char *const v[] = {"p", "q"};
    attr_strings(&b, n, "value_strings", v, 2);
    output(&b, "s");
    save(&b);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *model = NULL;
    if (nnx_model_load(ctx, b.path, NULL, &model) != NNX_OK)
        fail_msg("load: %s", nnx_context_error(ctx));
    assert_int_equal(nnx_model_output_count(model), 0);
    assert_int_equal(nnx_model_string_output_count(model), 1);
    const char *name = NULL;
    uint32_t position = 9;
    nnx_operand_desc d;
    const char *const *strings = NULL;
    assert_true(nnx_model_string_output(model, 0, &name, &position, &d, &strings));
    assert_string_equal(name, "s");
    assert_int_equal(position, 0);
    assert_int_equal(d.rank, 1);
    assert_int_equal(d.shape[0], 2);
    assert_string_equal(strings[0], "p");
    assert_string_equal(strings[1], "q");
    assert_false(nnx_model_string_output(model, 1, &name, NULL, NULL, NULL));
    nnx_graph *g = NULL;
    assert_int_equal(nnx_model_build(model, &g), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx), "every output of the model is a string tensor"));
    nnx_model_destroy(model);
    assert_int_equal(nnx_model_string_output_count(model), 0); /* destroyed */
    nnx_context_destroy(ctx);
    unlink(b.path);
}

/* ONNX Operators, Cast: floats to text in the fewest digits that read back (numpy's str),
 * NaN / INF / -INF by name; text to float32 reads those names back. */
static void test_cast_text(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    static char *C[] = {"c"}, *S[] = {"s"}, *F[] = {"f"};
    Onnx__AttributeProto *ca = mb_attr(&b, node(&b, "Constant", NULL, 0, C, 1), "value_floats");
    static float xs[] = {0.1f, 1e-5f, NAN, -INFINITY, 3.0f, 0.039187793f};
    ca->floats = xs;
    ca->n_floats = 6;
    mb_attr_i(&b, node(&b, "Cast", C, 1, S, 1), "to", 8);
    mb_attr_i(&b, node(&b, "Cast", S, 1, F, 1), "to", 1);
    output(&b, "s");
    output(&b, "f");
    loaded l;
    load_ok(&b, NULL, 0, &l);
    static const char *const want[] = {"0.1", "1e-05", "NaN", "-INF", "3", "0.039187793"};
    expect_strings(&l.so.v[0], want, 6);
    assert_int_equal(l.so.v[0].position, 0);
    float f[6];
    run_output(&l.m, 0, f, sizeof f);
    for (int i = 0; i < 6; i++)
        assert_true(isnan(xs[i]) ? isnan(f[i]) : f[i] == xs[i]);
    nnx_ir_model_free(&l.m);
}

/* Text that is not a number is INVALID_ARGUMENT naming it. */
static void test_cast_not_a_number(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 13, 0);
    input(&b, "x", 8);
    mb_attr_i(&b, node(&b, "Cast", X, 1, Y, 1), "to", 1);
    output(&b, "y");
    static const char *const xs[] = {"1.5", "abc"};
    nnx_onnx_known_input k = strings_1d("x", xs, 2);
    load_fails(&b, &k, 1, NNX_ERROR_INVALID_ARGUMENT, "'abc' is not a number");
}

/* StringNormalizer: stopwords compared without case by default, then UPPER; nothing left
 * gives [""]. StringConcat and Equal broadcast a [1] operand. */
static void test_normalize_concat_equal(void **state)
{
    (void)state;
    mb b;
    mb_init(&b, 20, 0);
    input(&b, "x", 8);
    static char *N[] = {"n"}, *CI[] = {"n", "x"}, *C[] = {"c"}, *E[] = {"e"}, *XX[] = {"x", "x"};
    Onnx__NodeProto *sn = node(&b, "StringNormalizer", X, 1, N, 1);
    attr_s(&b, sn, "case_change_action", "UPPER");
    static const char *const stop[] = {"monday"};
    attr_strings(&b, sn, "stopwords", stop, 1);
    node(&b, "StringConcat", CI, 2, C, 1);
    node(&b, "Equal", XX, 2, E, 1);
    output(&b, "c");
    output(&b, "e");
    static const char *const xs[] = {"Monday"};
    nnx_onnx_known_input k = strings_1d("x", xs, 1);
    loaded l;
    load_ok(&b, &k, 1, &l);
    static const char *const want[] = {"Monday"}; /* "" (all stopwords) ++ "Monday" */
    expect_strings(&l.so.v[0], want, 1);
    unsigned char e;
    run_output(&l.m, 0, &e, 1);
    assert_int_equal(e, 1);
    nnx_ir_model_free(&l.m);
}

/* The bounds: one string longer than 16 MiB, and a broadcast beyond 2^24 elements
 * ([4096, 1] ++ [1, 8192]), are NOT_SUPPORTED before anything that size is made. */
static void test_limits(void **state)
{
    (void)state;
    size_t big = ((size_t)16 << 20) + 1;
    char *long_one = malloc(big + 1);
    assert_non_null(long_one);
    memset(long_one, 'a', big);
    long_one[big] = 0;
    const char *xs[] = {long_one};
    mb b;
    mb_init(&b, 20, 0);
    input(&b, "x", 8);
    node(&b, "StringNormalizer", X, 1, Y, 1);
    output(&b, "y");
    nnx_onnx_known_input k = strings_1d("x", xs, 1);
    load_fails(&b, &k, 1, NNX_ERROR_NOT_SUPPORTED, "a string of 16777217 bytes");
    free(long_one);

    const char **rows = calloc(8192, sizeof *rows);
    assert_non_null(rows);
    for (int i = 0; i < 8192; i++)
        rows[i] = "";
    mb_init(&b, 20, 0);
    input(&b, "x", 8);
    input(&b, "w", 8);
    static char *XW[] = {"x", "w"};
    node(&b, "StringConcat", XW, 2, Y, 1);
    output(&b, "y");
    nnx_onnx_known_input kw[2] = {
        {.name = "x", .desc = {NNX_DTYPE_UNDEFINED, 2, {4096, 1}}, .kind = NNX_ONNX_KNOWN_STRINGS, .strings = rows},
        {.name = "w", .desc = {NNX_DTYPE_UNDEFINED, 2, {1, 8192}}, .kind = NNX_ONNX_KNOWN_STRINGS, .strings = rows},
    };
    load_fails(&b, kw, 2, NNX_ERROR_NOT_SUPPORTED, "a result of more than 16777216 elements");
    free(rows);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_split_whitespace),
        cmocka_unit_test(test_label_encoder_defaults),
        cmocka_unit_test(test_label_encoder_to_strings),
        cmocka_unit_test(test_regex_anchoring),
        cmocka_unit_test(test_regex_refused),
        cmocka_unit_test(test_string_input_not_given),
        cmocka_unit_test(test_string_output_public_api),
        cmocka_unit_test(test_cast_text),
        cmocka_unit_test(test_cast_not_a_number),
        cmocka_unit_test(test_normalize_concat_equal),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
