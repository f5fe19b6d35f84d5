/* test_nnvm_limits.c — nnx_model_options' limits on NNVM files (issue 27): graph JSON nesting
 * measured before cJSON recurses into it (a document at the limit loads on a 256 KiB thread
 * stack, 100000 levels are refused there with the limit's message), the nodes of a graph and
 * the entries of a TVM .params file counted against max_names (counts checked against
 * Python's json and struct readers of the same files). */
#include "test_nnvm_common.h"
#include "formats/nnvm/graph.h"
#include "formats/nnvm/load.h"
#include "formats/nnvm/params.h"

#include <pthread.h>

#define NNVM_DATA NNX_SOURCE_DIR "/tests/data/nnvm/"

/* The text of a test file, NUL-terminated (malloc'ed); *size its length. */
static char *read_text(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n > 0);
    rewind(f);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    text[n] = '\0';
    *size = (size_t)n;
    return text;
}

/* vgg_like/graph.json with a top-level "metadata" (which TVM and nnx skip) holding arrays
 * nested `levels` deep: the document then nests levels + 1 deep. */
static char *nested_graph(uint32_t levels, size_t *size)
{
    size_t n;
    char *graph = read_text(NNVM_DATA "vgg_like/graph.json", &n);
    assert_int_equal(graph[0], '{');
    size_t extra = strlen("\"metadata\": ,") + 2 * (size_t)levels;
    char *text = malloc(n + extra + 1);
    assert_non_null(text);
    size_t at = 0;
    text[at++] = '{';
    at += (size_t)sprintf(text + at, "\"metadata\": ");
    memset(text + at, '[', levels);
    at += levels;
    memset(text + at, ']', levels);
    at += levels;
    text[at++] = ',';
    memcpy(text + at, graph + 1, n - 1);
    at += n - 1;
    text[at] = '\0';
    free(graph);
    *size = at;
    return text;
}

typedef struct json_load {
    const char *text;
    size_t size;
    nnx_load_limits limits;
    nnx_status st;
    char message[NNX_ERROR_MESSAGE_MAX];
} json_load;

static void *load_text(void *arg)
{
    json_load *d = arg;
    nnx_ir_model m;
    nnx_ir_model_init(&m, nnvm_libc(), "nnvm");
    nnx_ir_model_options o = {.skip_tensor_data = true, .limits = d->limits};
    nnx_error err = {0};
    d->st = nnvm_load_text("deep.json", d->text, d->size, NULL, 0, false, &o, &m, &err);
    snprintf(d->message, sizeof d->message, "%s", err.message);
    nnx_ir_model_free(&m);
    return NULL;
}

/* Runs d's load on a thread with a 256 KiB stack (issue 27: loading must work there). */
static void load_on_small_stack(json_load *d)
{
    pthread_attr_t attr;
    pthread_t t;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstacksize(&attr, 256 * 1024), 0);
    assert_int_equal(pthread_create(&t, &attr, load_text, d), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
}

/* The deepest document the default limit (100) takes loads on a 256 KiB stack; one level
 * more is refused at the bracket that goes too deep (line 1, column 113: `{"metadata": `
 * takes 13 columns, then the 100th '[' opens level 101), naming the limit and the option. */
static void test_json_depth_at_limit(void **state)
{
    (void)state;
    json_load d = {0};
    char *text = nested_graph(99, &d.size);
    d.text = text;
    load_on_small_stack(&d);
    assert_string_equal(d.message, "");
    assert_int_equal(d.st, NNX_OK);
    free(text);
    text = nested_graph(100, &d.size);
    d.text = text;
    load_on_small_stack(&d);
    assert_int_equal(d.st, NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(d.message,
                        "deep.json:1:113: error: JSON arrays and objects nested more than 100 deep (the "
                        "limit; raise it with nnx_model_options.max_depth, nnx --max-depth)");
    /* raised, the same document loads */
    d.limits.depth = 101;
    load_on_small_stack(&d);
    assert_int_equal(d.st, NNX_OK);
    free(text);
}

/* 100000 levels (200 KB) would take cJSON 100000 recursive calls: refused before it parses,
 * on a 256 KiB stack; brackets inside strings (escaped quotes included) do not count. */
static void test_json_depth_refused(void **state)
{
    (void)state;
    json_load d = {0};
    char *text = nested_graph(100000, &d.size);
    d.text = text;
    load_on_small_stack(&d);
    assert_int_equal(d.st, NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(d.message, "deep.json:1:113: error: JSON arrays and objects nested more than 100 deep"));
    free(text);
    static const char strings[] = "{\"metadata\": [\"[[[[\\\"[[[[\", \"\\\\\", \"{{{{\"], \"nodes\": []}";
    d.text = strings;
    d.size = strlen(strings);
    d.limits.depth = 2;
    load_on_small_stack(&d);
    assert_int_equal(d.st, NNX_ERROR_INVALID_MODEL); /* past the depth check: the graph is empty */
    assert_null(strstr(d.message, "max_depth"));
}

/* vgg_like has 19 nodes and its .params 8 entries (Python's json and struct readers). */
static void test_names(void **state)
{
    (void)state;
    json_load d = {0};
    char *text = read_text(NNVM_DATA "vgg_like/graph.json", &d.size);
    d.text = text;
    d.limits.names = 18;
    load_text(&d);
    assert_int_equal(d.st, NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(d.message,
                        "deep.json: error: the graph has 19 nodes, more than 18 names (the limit; raise it "
                        "with nnx_model_options.max_names, nnx --max-names)");
    d.limits.names = 19;
    load_text(&d);
    assert_int_equal(d.st, NNX_OK);
    free(text);

    size_t n;
    char *params = read_text(NNVM_DATA "vgg_like/graph.params", &n);
    nnx_arena arena;
    nnx_arena_init(&arena, nnvm_libc());
    nnx_tvm_param *p;
    uint32_t count;
    nnx_error err = {0};
    assert_int_equal(nnx_tvm_params_parse((const uint8_t *)params, n, "w.params", 7, &arena, &p, &count, &err),
                     NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(err.message,
                        "w.params: error: 8 arrays, more than 7 names (the limit; raise it with "
                        "nnx_model_options.max_names, nnx --max-names)");
    assert_int_equal(nnx_tvm_params_parse((const uint8_t *)params, n, "w.params", 8, &arena, &p, &count, &err), NNX_OK);
    assert_int_equal(count, 8);
    nnx_arena_free(&arena);
    free(params);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_depth_at_limit),
        cmocka_unit_test(test_json_depth_refused),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
