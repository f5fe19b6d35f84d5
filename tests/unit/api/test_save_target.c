/* test_save_target.c — where nnx_graph_save and nnx_model_save write (include/nnx.h,
 * "saving"; docs/decisions/engine.md E34): endings nnx does not write are refused with the
 * list of those it does, what counts as a folder, a folder with content is refused unless
 * NNX_SAVE_REPLACE (then replaced whole), and a save that fails midway (an operation the
 * format cannot express, a file-size limit) leaves the previous output and nothing else. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nnx.h"

static char root[64];
static const nnx_save_options kReplace = {.flags = NNX_SAVE_REPLACE};

/* ---------------------------------------------------------------- helpers */

/* root/rel in buf. */
static const char *at(char *buf, size_t size, const char *rel)
{
    snprintf(buf, size, "%s/%s", root, rel);
    return buf;
}

static nnx_context *ctx_new(void)
{
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    return ctx;
}

static nnx_graph *build(nnx_builder *b, nnx_operand *y)
{
    nnx_graph *g = NULL;
    if (nnx_builder_build(b, &(nnx_named_operand){"y", y}, 1, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(b));
    nnx_builder_destroy(b);
    return g;
}

/* y = x + k, k n float32 values from v (scattered, so that gzip cannot shrink them much):
 * every writer (NNEF, TOSA, NNVM) writes it, and its weights take 4n bytes. */
static nnx_graph *add_graph(nnx_context *ctx, uint32_t n, float v)
{
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc d = {NNX_FLOAT32, 2, {1, n}};
    float *k = malloc(n * sizeof *k);
    assert_non_null(k);
    for (uint32_t i = 0; i < n; i++)
        k[i] = v * (float)((i * 2654435761u) >> 8);
    nnx_operand *y = nnx_builder_add(b, nnx_builder_input(b, "x", &d), nnx_builder_constant(b, &d, k, n * sizeof *k),
                                     NULL);
    free(k);
    return build(b, y);
}

/* quantize_linear (an int8 result), which neither NNEF (nor the nnx_ops extension) nor NNVM
 * has an operation for. */
static nnx_graph *quantize_graph(nnx_context *ctx)
{
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {2, 3}}, sd = {NNX_FLOAT32, 2, {1, 3}}, zd = {NNX_INT8, 2, {1, 3}};
    const float scale[3] = {0.5f, 0.25f, 2.0f};
    const int8_t zero[3] = {3, 0, -1};
    nnx_operand *x = nnx_builder_input(b, "x", &xd);
    nnx_operand *sc = nnx_builder_constant(b, &sd, scale, sizeof scale);
    nnx_operand *zp = nnx_builder_constant(b, &zd, zero, sizeof zero);
    return build(b, nnx_builder_quantize_linear(b, x, sc, zp, NULL));
}

static bool exists(const char *path)
{
    struct stat sb;
    return lstat(path, &sb) == 0;
}

static void make_dir(const char *path) { assert_int_equal(mkdir(path, 0777), 0); }

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* The file's bytes (malloc'ed, NUL-terminated), *size their count. */
static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (int c; (c = fgetc(f)) != EOF;) {
        if (n + 2 > cap) {
            cap = cap ? 2 * cap : 4096;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
        buf[n++] = (char)c;
    }
    fclose(f);
    if (!buf)
        buf = calloc(1, 1);
    buf[n] = '\0';
    *size = n;
    return buf;
}

/* dir holds exactly the entries named (NULL-terminated), whatever their order: nothing the
 * save made for itself (.tmp, .old) is left behind. */
static void expect_entries(const char *dir, const char *const *names)
{
    size_t want = 0;
    while (names[want])
        want++;
    DIR *d = opendir(dir);
    if (!d)
        fail_msg("cannot list %s", dir);
    size_t seen = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        bool named = false;
        for (size_t i = 0; i < want && !named; i++)
            named = strcmp(de->d_name, names[i]) == 0;
        if (!named)
            fail_msg("%s holds '%s', which it should not", dir, de->d_name);
        seen++;
    }
    closedir(d);
    if (seen != want)
        fail_msg("%s holds %zu entries, expected %zu", dir, seen, want);
}

/* The context's message starts with "PATH: error: " and holds every string of want. */
static void expect_message(nnx_context *ctx, const char *path, const char *const *want)
{
    const char *msg = nnx_context_error(ctx);
    size_t n = strlen(path);
    if (strncmp(msg, path, n) != 0 || strncmp(msg + n, ": error: ", 9) != 0)
        fail_msg("message \"%s\" does not start with \"%s: error: \"", msg, path);
    for (size_t i = 0; want[i]; i++)
        if (!strstr(msg, want[i]))
            fail_msg("message \"%s\" lacks \"%s\"", msg, want[i]);
    if (strstr(msg, ".tmp"))
        fail_msg("message \"%s\" names a temporary", msg);
}

/* ---------------------------------------------------------------- endings */

static void test_refused_endings(void **state)
{
    (void)state;
    nnx_context *ctx = ctx_new();
    nnx_graph *g = add_graph(ctx, 4, 1.0f);
    char dir[128], src[128], p[160];
    make_dir(at(dir, sizeof dir, "refused"));
    assert_int_equal(nnx_graph_save(g, at(src, sizeof src, "refused-src")), NNX_OK);
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, src, NULL, &m), NNX_OK);
    static const char *const endings[] = {"out.zip", "OUT.PB", "model.v2", "w.gz", "out."};
    for (size_t i = 0; i < sizeof endings / sizeof *endings; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, endings[i]);
        const char *what = i == 0 ? "does not write '.zip' files" : "does not write";
        const char *const want[] = {what, "folder", ".tar, .tgz or .tar.gz", ".tosa", ".json", ".onnx", NULL};
        assert_int_equal(nnx_graph_save(g, p), NNX_ERROR_NOT_SUPPORTED);
        expect_message(ctx, p, want);
        assert_int_equal(nnx_model_save(m, p), NNX_ERROR_NOT_SUPPORTED);
        expect_message(ctx, p, want);
    }
    expect_entries(dir, (const char *const[]){NULL});

    /* a folder where a file ending is written, a file where a folder is */
    make_dir(at(p, sizeof p, "refused/x.tgz"));
    assert_int_equal(nnx_graph_save(g, p), NNX_ERROR_INVALID_ARGUMENT);
    expect_message(ctx, p, (const char *const[]){"a folder is there", NULL});
    at(p, sizeof p, "refused/y.tosa/");
    assert_int_equal(nnx_model_save(m, p), NNX_ERROR_INVALID_ARGUMENT);
    expect_message(ctx, p, (const char *const[]){"ending in '/'", NULL});
    write_text(at(p, sizeof p, "refused/plain"), "not a folder\n");
    assert_int_equal(nnx_graph_save(g, p), NNX_ERROR_INVALID_ARGUMENT);
    expect_message(ctx, p, (const char *const[]){"a file is there", NULL});
    expect_entries(dir, (const char *const[]){"x.tgz", "plain", NULL});
    nnx_context_destroy(ctx);
}

/* A folder: no extension, .nnef, a trailing '/', an existing folder of any name; missing
 * parents are made. Each reads back as the model written. */
static void test_folder_paths(void **state)
{
    (void)state;
    nnx_context *ctx = ctx_new();
    nnx_graph *g = add_graph(ctx, 4, 1.0f);
    char dir[128], p[160], q[200];
    make_dir(at(dir, sizeof dir, "folders"));
    make_dir(at(p, sizeof p, "folders/d.v1"));
    static const char *const paths[] = {"a", "b.nnef", "c.v2/", "d.v1", ".hidden", "e/f/g"};
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, paths[i]);
        if (nnx_graph_save(g, p) != NNX_OK)
            fail_msg("%s: %s", p, nnx_context_error(ctx));
        snprintf(q, sizeof q, "%s/graph.nnef", p);
        assert_true(exists(q));
        nnx_model *m = NULL;
        if (nnx_model_load(ctx, p, NULL, &m) != NNX_OK)
            fail_msg("%s: %s", p, nnx_context_error(ctx));
        assert_int_equal(nnx_model_input_count(m), 1);
        nnx_model_destroy(m);
    }
    expect_entries(dir, (const char *const[]){"a", "b.nnef", "c.v2", "d.v1", ".hidden", "e", NULL});
    nnx_context_destroy(ctx);
}

/* ---------------------------------------------------------------- folders with content */

static void test_full_folder(void **state)
{
    (void)state;
    nnx_context *ctx = ctx_new();
    nnx_graph *g = add_graph(ctx, 4, 1.0f);
    char dir[128], out[160], p[200];
    make_dir(at(dir, sizeof dir, "full"));
    at(out, sizeof out, "full/out");
    assert_int_equal(nnx_graph_save(g, out), NNX_OK);
    snprintf(p, sizeof p, "%s/stray.txt", out);
    write_text(p, "from before\n");
    snprintf(p, sizeof p, "%s/sub", out);
    make_dir(p);
    snprintf(p, sizeof p, "%s/sub/deep.txt", out);
    write_text(p, "from before\n");

    /* refused without NNX_SAVE_REPLACE, naming the folder; nothing touched */
    assert_int_equal(nnx_graph_save(g, out), NNX_ERROR_INVALID_ARGUMENT);
    expect_message(ctx, out, (const char *const[]){"the folder is not empty", "NNX_SAVE_REPLACE", NULL});
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, out, NULL, &m), NNX_OK);
    assert_int_equal(nnx_model_save(m, out), NNX_ERROR_INVALID_ARGUMENT);
    expect_message(ctx, out, (const char *const[]){"the folder is not empty", NULL});
    assert_true(exists(p));

    /* replaced whole with it: the old entries are gone, not mixed with the new */
    assert_int_equal(nnx_model_save_with(m, out, &kReplace), NNX_OK);
    assert_false(exists(p));
    snprintf(p, sizeof p, "%s/stray.txt", out);
    assert_false(exists(p));
    snprintf(p, sizeof p, "%s/graph.nnef", out);
    assert_true(exists(p));
    assert_int_equal(nnx_graph_save_with(g, out, &kReplace), NNX_OK);
    expect_entries(dir, (const char *const[]){"out", NULL});

    /* an empty folder needs no flag */
    make_dir(at(p, sizeof p, "full/empty"));
    assert_int_equal(nnx_graph_save(g, p), NNX_OK);
    expect_entries(dir, (const char *const[]){"out", "empty", NULL});
    nnx_context_destroy(ctx);
}

/* A link to a folder is written where it leads, and stays a link. */
static void test_linked_folder(void **state)
{
    (void)state;
    nnx_context *ctx = ctx_new();
    nnx_graph *g = add_graph(ctx, 4, 1.0f);
    char real[128], link[128], p[200];
    make_dir(at(real, sizeof real, "real"));
    write_text(at(p, sizeof p, "real/stray.txt"), "from before\n");
    assert_int_equal(symlink("real", at(link, sizeof link, "link")), 0);
    assert_int_equal(nnx_graph_save(g, link), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_graph_save_with(g, link, &kReplace), NNX_OK);
    struct stat sb;
    assert_int_equal(lstat(link, &sb), 0);
    assert_true(S_ISLNK(sb.st_mode));
    expect_entries(real, (const char *const[]){"graph.nnef", "c0.dat", NULL});
    nnx_context_destroy(ctx);
}

/* ---------------------------------------------------------------- failures */

/* An operation the format cannot express: the message names the output; the previous
 * output stays as it was, and the parents the save made are gone again. */
static void test_inexpressible_keeps_previous(void **state)
{
    (void)state;
    nnx_context *ctx = ctx_new();
    nnx_graph *g = add_graph(ctx, 4, 1.0f), *quant = quantize_graph(ctx);
    char dir[128], out[160], json[160], p[200];
    make_dir(at(dir, sizeof dir, "keep"));
    at(out, sizeof out, "keep/out");
    assert_int_equal(nnx_graph_save(g, out), NNX_OK);
    snprintf(p, sizeof p, "%s/graph.nnef", out);
    size_t n0, n1;
    char *before = slurp(p, &n0);

    assert_int_equal(nnx_graph_save_with(quant, out, &kReplace), NNX_ERROR_NOT_SUPPORTED);
    expect_message(ctx, out, (const char *const[]){"has an operation for quantize_linear", NULL});
    char *after = slurp(p, &n1);
    assert_int_equal(n0, n1);
    assert_memory_equal(before, after, n0);
    free(after);
    free(before);
    expect_entries(out, (const char *const[]){"graph.nnef", "c0.dat", NULL});

    at(p, sizeof p, "keep/new/deeper/out");
    assert_int_equal(nnx_graph_save(quant, p), NNX_ERROR_NOT_SUPPORTED);
    expect_message(ctx, p, (const char *const[]){"has an operation for quantize_linear", NULL});

    /* NNVM: the graph and its weights stay the previous ones */
    at(json, sizeof json, "keep/m.json");
    assert_int_equal(nnx_graph_save(g, json), NNX_OK);
    assert_int_equal(nnx_graph_save(quant, json), NNX_ERROR_NOT_SUPPORTED);
    expect_message(ctx, json, (const char *const[]){"NNVM cannot express core op 'quantize_linear'", NULL});
    expect_entries(dir, (const char *const[]){"out", "m.json", "m.params", NULL});

    /* a model read from a file: the same prefix (ONNX Scan lowered to gather and a loop) */
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, NNX_SOURCE_DIR "/tests/data/onnx/flow/scan8.onnx", NULL, &m), NNX_OK);
    at(p, sizeof p, "keep/scan");
    assert_int_equal(nnx_model_save(m, p), NNX_ERROR_NOT_SUPPORTED);
    expect_message(ctx, p, (const char *const[]){"has an operation for", NULL});
    assert_int_equal(nnx_model_save(m, json), NNX_ERROR_NOT_SUPPORTED);
    expect_message(ctx, json, (const char *const[]){"NNVM cannot express core op", NULL});
    expect_entries(dir, (const char *const[]){"out", "m.json", "m.params", NULL});
    nnx_context_destroy(ctx);
}

/* A write that fails midway (the process's file-size limit, as a full disk would): every
 * kind of output keeps its previous bytes, and no temporary is left. */
static void test_failed_write_keeps_previous(void **state)
{
    (void)state;
    nnx_context *ctx = ctx_new();
    nnx_graph *small = add_graph(ctx, 4, 1.0f), *big = add_graph(ctx, 1u << 16, 2.0f); /* 256 KiB of weights */
    char dir[128], p[160];
    make_dir(at(dir, sizeof dir, "limit"));
    static const char *const outputs[] = {"out", "out.tgz", "out.tar", "out.tosa", "out.json"};
    static const char *const kept[] = {"out/graph.nnef", "out/c0.dat", "out.tgz",   "out.tar",
                                       "out.tosa",       "out.json",   "out.params"};
    enum { KEPT = sizeof kept / sizeof *kept };
    for (size_t i = 0; i < sizeof outputs / sizeof *outputs; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, outputs[i]);
        if (nnx_graph_save(small, p) != NNX_OK)
            fail_msg("%s: %s", p, nnx_context_error(ctx));
    }
    char *before[KEPT];
    size_t size[KEPT];
    for (size_t k = 0; k < KEPT; k++) {
        snprintf(p, sizeof p, "%s/%s", dir, kept[k]);
        before[k] = slurp(p, &size[k]);
    }

    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    lim = old;
    lim.rlim_cur = 16384;                            /* graph.nnef and the JSON fit, the weights do not */
    void (*handler)(int) = signal(SIGXFSZ, SIG_IGN); /* write() then fails with EFBIG */
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    nnx_status st[sizeof outputs / sizeof *outputs];
    char messages[sizeof outputs / sizeof *outputs][512];
    for (size_t i = 0; i < sizeof outputs / sizeof *outputs; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, outputs[i]);
        st[i] = nnx_graph_save_with(big, p, &kReplace);
        snprintf(messages[i], sizeof messages[i], "%s", nnx_context_error(ctx));
    }
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, handler);

    for (size_t i = 0; i < sizeof outputs / sizeof *outputs; i++) {
        if (st[i] != NNX_ERROR_IO)
            fail_msg("%s: %s (%s), expected NNX_ERROR_IO", outputs[i], nnx_status_string(st[i]), messages[i]);
        if (!strstr(messages[i], "File too large") || strstr(messages[i], ".tmp") || !strstr(messages[i], dir))
            fail_msg("%s: message \"%s\"", outputs[i], messages[i]);
    }
    for (size_t k = 0; k < KEPT; k++) {
        size_t n;
        snprintf(p, sizeof p, "%s/%s", dir, kept[k]);
        char *now = slurp(p, &n);
        if (n != size[k] || memcmp(now, before[k], n) != 0)
            fail_msg("%s changed", p);
        free(now);
        free(before[k]);
    }
    expect_entries(dir, (const char *const[]){"out", "out.tgz", "out.tar", "out.tosa", "out.json", "out.params", NULL});
    expect_entries(at(p, sizeof p, "limit/out"), (const char *const[]){"graph.nnef", "c0.dat", NULL});
    nnx_context_destroy(ctx);
}

/* ---------------------------------------------------------------- NNVM weights */

/* `nnx convert IN m.json` then `nnx run m.json` with other .params files beside it: the
 * reader takes m.params. */
static void test_nnvm_own_params(void **state)
{
    (void)state;
    nnx_context *ctx = ctx_new();
    nnx_graph *g = add_graph(ctx, 4, 1.0f);
    char dir[128], p[160];
    make_dir(at(dir, sizeof dir, "nnvm"));
    write_text(at(p, sizeof p, "nnvm/a.params"), "not TVM weights\n");
    write_text(at(p, sizeof p, "nnvm/z.params"), "not TVM weights either\n");
    assert_int_equal(nnx_graph_save(g, at(p, sizeof p, "nnvm/m.json")), NNX_OK);
    nnx_model *m = NULL;
    if (nnx_model_load(ctx, p, NULL, &m) != NNX_OK)
        fail_msg("%s: %s", p, nnx_context_error(ctx));
    nnx_graph *back = NULL;
    assert_int_equal(nnx_model_build(m, &back), NNX_OK);
    nnx_context_destroy(ctx);
}

/* ---------------------------------------------------------------- main */

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

static int make_root(void **state)
{
    (void)state;
    strcpy(root, "/tmp/nnx_save_target_XXXXXX");
    return mkdtemp(root) ? 0 : -1;
}

static int remove_root(void **state)
{
    (void)state;
    return nftw(root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refused_endings),
        cmocka_unit_test(test_folder_paths),
        cmocka_unit_test(test_full_folder),
        cmocka_unit_test(test_linked_folder),
        cmocka_unit_test(test_inexpressible_keeps_previous),
        cmocka_unit_test(test_failed_write_keeps_previous),
        cmocka_unit_test(test_nnvm_own_params),
    };
    return cmocka_run_group_tests(tests, make_root, remove_root);
}
