/* run_desc.c — `nnx run DESC`: a TOSA test folder as the reference model runs it. DESC is a
 * `desc.json` or the folder holding one: the `.tosa` file it names is loaded (and so checked),
 * the inputs ifm_name[i] read from ifm_file[i], the graph run once, each output ofm_name[i]
 * written to ofm_file[i] (.npy) beside desc.json or into --output-dir. A test marked
 * expected_failure passes when the graph is rejected; the rule that rejects it is printed. */
#include "run.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DESC_MAX_BYTES ((long)1 << 20) /* a desc.json is a few hundred bytes */

typedef struct desc_test {
    char *folder; /* holding desc.json */
    cJSON *json;
    const char *tosa_file;
    cJSON *ifm_name, *ifm_file, *ofm_name, *ofm_file, *variable_name, *variable_file;
    bool expect_failure, either; /* either: expected_return_code 1 (unpredictable) */
} desc_test;

/* path names a TOSA test: a folder holding desc.json (and no graph.nnef), or a file whose
 * name is desc.json. *desc_path (malloc'ed) is the desc.json. */
bool run_is_desc(const char *path, char **desc_path)
{
    struct stat st;
    size_t n = strlen(path);
    *desc_path = NULL;
    if (stat(path, &st) != 0)
        return false;
    if (S_ISDIR(st.st_mode)) {
        char *d = malloc(n + 16), *g = malloc(n + 16);
        if (!d || !g) {
            free(d), free(g);
            return false;
        }
        snprintf(d, n + 16, "%s/desc.json", path);
        snprintf(g, n + 16, "%s/graph.nnef", path);
        struct stat sd, sg;
        bool yes = stat(d, &sd) == 0 && S_ISREG(sd.st_mode) && stat(g, &sg) != 0;
        free(g);
        if (yes)
            *desc_path = d;
        else
            free(d);
        return yes;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (!S_ISREG(st.st_mode) || strcmp(base, "desc.json") != 0)
        return false;
    *desc_path = strdup(path);
    return *desc_path != NULL;
}

/* A name relative to the test folder that stays in it: not absolute, no ".." component. */
static bool inside(const char *rel)
{
    if (!*rel || rel[0] == '/')
        return false;
    for (const char *p = rel; *p;) {
        const char *e = strchr(p, '/');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == 2 && p[0] == '.' && p[1] == '.')
            return false;
        p += len + (e != NULL);
    }
    return true;
}

static char *join(const char *dir, const char *rel)
{
    size_t n = strlen(dir) + strlen(rel) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, rel);
    return p;
}

static int bad(const char *desc, const char *what)
{
    fprintf(stderr, "%s: error: %s\n", desc, what);
    return NNX_EXIT_INVALID_MODEL;
}

/* A list of strings under key (absent: an empty list when optional). */
static int string_list(const char *desc, cJSON *json, const char *key, bool optional, cJSON **out)
{
    cJSON *v = cJSON_GetObjectItemCaseSensitive(json, key);
    *out = v;
    if (!v && optional)
        return NNX_EXIT_OK;
    char msg[160];
    if (!cJSON_IsArray(v)) {
        snprintf(msg, sizeof msg, "key '%s': %s", key, v ? "not a list" : "missing");
        return bad(desc, msg);
    }
    const cJSON *item;
    cJSON_ArrayForEach(item, v)
    {
        if (!cJSON_IsString(item) || !inside(item->valuestring)) {
            snprintf(msg, sizeof msg, "key '%s': every item must be a name inside the test's folder", key);
            return bad(desc, msg);
        }
    }
    return NNX_EXIT_OK;
}

static int parse_desc(const char *desc, desc_test *t)
{
    FILE *f = fopen(desc, "rb");
    if (!f)
        return bad(desc, "cannot open");
    char *text = malloc((size_t)DESC_MAX_BYTES + 1);
    size_t n = text ? fread(text, 1, (size_t)DESC_MAX_BYTES + 1, f) : 0;
    fclose(f);
    if (!text || n > (size_t)DESC_MAX_BYTES) {
        free(text);
        return bad(desc, text ? "larger than 1 MiB" : "out of memory");
    }
    t->json = cJSON_ParseWithLength(text, n);
    free(text);
    if (!cJSON_IsObject(t->json))
        return bad(desc, "not a JSON object");
    cJSON *tf = cJSON_GetObjectItemCaseSensitive(t->json, "tosa_file");
    if (!cJSON_IsString(tf) || !inside(tf->valuestring))
        return bad(desc, "key 'tosa_file': missing, or not a name inside the test's folder");
    t->tosa_file = tf->valuestring;
    int rc;
    if ((rc = string_list(desc, t->json, "ifm_name", false, &t->ifm_name)) ||
        (rc = string_list(desc, t->json, "ifm_file", false, &t->ifm_file)) ||
        (rc = string_list(desc, t->json, "ofm_name", false, &t->ofm_name)) ||
        (rc = string_list(desc, t->json, "ofm_file", false, &t->ofm_file)) ||
        (rc = string_list(desc, t->json, "variable_name", true, &t->variable_name)) ||
        (rc = string_list(desc, t->json, "variable_file", true, &t->variable_file)))
        return rc;
    if (cJSON_GetArraySize(t->ifm_name) != cJSON_GetArraySize(t->ifm_file) ||
        cJSON_GetArraySize(t->ofm_name) != cJSON_GetArraySize(t->ofm_file) ||
        cJSON_GetArraySize(t->variable_name) != cJSON_GetArraySize(t->variable_file))
        return bad(desc, "ifm_name/ifm_file, ofm_name/ofm_file or variable_name/variable_file differ in length");
    t->expect_failure = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t->json, "expected_failure"));
    cJSON *code = cJSON_GetObjectItemCaseSensitive(t->json, "expected_return_code");
    if (cJSON_IsNumber(code)) {
        t->expect_failure = t->expect_failure || code->valueint == 2;
        t->either = code->valueint == 1;
    }
    return NNX_EXIT_OK;
}

/* The graph was rejected (message on the context): an expected failure passes. */
static int rejected(const desc_test *t, const char *desc, nnx_context *ctx, nnx_status st)
{
    if (t->expect_failure || t->either) {
        printf("%s: rejected as expected: %s\n", desc, nnx_context_error(ctx));
        return NNX_EXIT_OK;
    }
    fprintf(stderr, "%s\n", nnx_context_error(ctx));
    return cli_exit_code(st);
}

static int run_inputs(const desc_test *t, nnx_context *ctx, nnx_model *m, nnx_graph *g, run_buffer *buffers)
{
    size_t n = nnx_model_input_count(m);
    if ((size_t)cJSON_GetArraySize(t->ifm_name) != n) {
        fprintf(stderr, "nnx run: desc.json gives %d inputs, the graph has %zu\n", cJSON_GetArraySize(t->ifm_name), n);
        run_print_inputs(m);
        return NNX_EXIT_INVALID_MODEL;
    }
    for (size_t i = 0; i < n; i++) {
        const char *name = nnx_model_input_name(m, i);
        int k = 0;
        const cJSON *item;
        cJSON_ArrayForEach(item, t->ifm_name)
        {
            if (strcmp(item->valuestring, name) == 0)
                break;
            k++;
        }
        if (!item) {
            fprintf(stderr, "nnx run: desc.json's ifm_name does not name input '%s'\n", name);
            run_print_inputs(m);
            return NNX_EXIT_INVALID_MODEL;
        }
        char *path = join(t->folder, cJSON_GetArrayItem(t->ifm_file, k)->valuestring);
        nnx_operand_desc want;
        run_input_type(m, g, i, &want);
        int rc = path ? run_read_input(ctx, name, path, false, &want, &buffers[i]) : NNX_EXIT_INVALID_MODEL;
        free(path);
        if (rc != NNX_EXIT_OK)
            return rc;
    }
    return NNX_EXIT_OK;
}

/* Writes the output named names[k] to out_dir/files[k], for each k (ofm_name / ofm_file, or
 * variable_name / variable_file: the variables are outputs too, NNX_MODEL_VARIABLE_OUTPUTS). */
static int write_outputs(const cJSON *names, const cJSON *files, nnx_context *ctx, nnx_graph *g, nnx_named_tensor *out,
                         const char *out_dir)
{
    int k = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, names)
    {
        size_t i = 0;
        while (i < nnx_graph_output_count(g) && strcmp(nnx_graph_output_name(g, i), item->valuestring) != 0)
            i++;
        if (i == nnx_graph_output_count(g)) {
            fprintf(stderr, "nnx run: desc.json names '%s', which is neither an output nor a variable of the graph\n",
                    item->valuestring);
            return NNX_EXIT_INVALID_MODEL;
        }
        nnx_tensor_desc d;
        nnx_tensor_get_desc(out[i].tensor, &d);
        run_buffer b = {.desc = d.desc};
        if (nnx_operand_desc_bytes(&d.desc, &b.size) != NNX_OK || !(b.data = malloc(b.size ? b.size : 1)))
            return fprintf(stderr, "nnx run: out of memory\n"), NNX_EXIT_INVALID_MODEL;
        char *path = join(out_dir, cJSON_GetArrayItem(files, k)->valuestring);
        int rc = nnx_tensor_read(out[i].tensor, b.data, b.size) == NNX_OK && path
            ? run_write_file(ctx, path, item->valuestring, &b)
            : NNX_EXIT_INVALID_MODEL;
        if (rc == NNX_EXIT_OK)
            run_print_summary(stdout, item->valuestring, &b);
        free(path);
        run_buffer_free(&b);
        if (rc != NNX_EXIT_OK)
            return rc;
        k++;
    }
    return NNX_EXIT_OK;
}

static int run_graph(const desc_test *t, const char *desc, nnx_context *ctx, nnx_model *m, const char *out_dir)
{
    nnx_graph *g = NULL;
    nnx_status st = nnx_model_build(m, &g);
    if (st != NNX_OK)
        return rejected(t, desc, ctx, st);
    size_t ni = nnx_graph_input_count(g), no = nnx_graph_output_count(g);
    run_buffer *buffers = calloc(nnx_model_input_count(m) + 1, sizeof *buffers);
    nnx_named_tensor *in = calloc(ni + 1, sizeof *in), *out = calloc(no + 1, sizeof *out);
    int rc = buffers && in && out ? run_inputs(t, ctx, m, g, buffers) : NNX_EXIT_INVALID_MODEL;
    if (rc == NNX_EXIT_OK)
        rc = run_make_tensors(ctx, g, m, buffers, in, out);
    if (rc == NNX_EXIT_OK) {
        st = nnx_context_dispatch(ctx, g, in, ni, out, no);
        if (st != NNX_OK)
            rc = rejected(t, desc, ctx, st);
        else if (t->expect_failure)
            rc = bad(desc, "the test expects the graph to be rejected (expected_failure), but it ran");
        else if ((rc = write_outputs(t->ofm_name, t->ofm_file, ctx, g, out, out_dir)) == NNX_EXIT_OK &&
                 t->variable_name)
            rc = write_outputs(t->variable_name, t->variable_file, ctx, g, out, out_dir);
    }
    for (size_t i = 0; buffers && i < nnx_model_input_count(m); i++)
        run_buffer_free(&buffers[i]);
    free(buffers);
    free(in);
    free(out);
    return rc;
}

int run_desc(const char *desc, const char *output_dir, uint32_t threads, const nnx_model_options *limits)
{
    desc_test t = {0};
    const char *slash = strrchr(desc, '/');
    t.folder = slash ? strndup(desc, (size_t)(slash - desc)) : strdup(".");
    if (!t.folder)
        return fprintf(stderr, "nnx run: out of memory\n"), NNX_EXIT_INVALID_MODEL;
    int rc = parse_desc(desc, &t);
    nnx_context *ctx = NULL;
    char *model_path = rc == NNX_EXIT_OK ? join(t.folder, t.tosa_file) : NULL;
    if (rc == NNX_EXIT_OK && (!model_path || nnx_context_create(&(nnx_context_options){.threads = threads}, &ctx)))
        rc = bad(desc, "out of memory");
    if (rc == NNX_EXIT_OK) {
        nnx_model *m = NULL;
        nnx_model_options o = *limits; /* the --max-* limits given; nothing else */
        o.flags = cJSON_GetArraySize(t.variable_name) ? NNX_MODEL_VARIABLE_OUTPUTS : 0;
        nnx_status st = nnx_model_load(ctx, model_path, &o, &m);
        if (st != NNX_OK)
            rc = rejected(&t, desc, ctx, st);
        else if (!output_dir || (rc = run_make_dirs(output_dir)) == NNX_EXIT_OK)
            rc = run_graph(&t, desc, ctx, m, output_dir ? output_dir : t.folder);
    }
    nnx_context_destroy(ctx);
    free(model_path);
    cJSON_Delete(t.json);
    free(t.folder);
    return rc;
}
