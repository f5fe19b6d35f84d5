/* test_nnef_container.c — NNEF containers (src/formats/nnef/container.c): folders, a lone
 * graph.nnef, .tar and .tgz archives built at test time with libarchive in a temporary folder,
 * vendor files, case-insensitive label lookup, one negative test per label rule and per
 * unsafe-entry rule, archive bounds (bytes, ratio, a lying header), not-found versus I/O errors, the folder/tar/tgz writer,
 * and allocation failure at every allocation of open and write. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../common/counting_alloc.h"
#include "formats/nnef/files/container.h"

static char tmp_root[64];

static const char graph_text[] = "version 1.0;\ngraph G( x ) -> ( y )\n{\n    x = external(shape = [1]);\n"
                                 "    y = copy(x);\n}\n";

/* ------------------------------------------------------------------ helpers */

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

static int make_tmp(void **state)
{
    (void)state;
    strcpy(tmp_root, "/tmp/nnx_container_XXXXXX");
    return mkdtemp(tmp_root) ? 0 : -1;
}

static int remove_tmp(void **state)
{
    (void)state;
    return nftw(tmp_root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* tmp_root/name into buf. */
static const char *tmp_path(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "%s/%s", tmp_root, name);
    return buf;
}

/* Writes a file, creating its folders. */
static void write_file(const char *path, const void *data, size_t size)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *p = dir + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0777);
            *p = '/';
        }
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}

/* A file under folder: folder/rel. */
static void put_file(const char *folder, const char *rel, const char *text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", folder, rel);
    write_file(path, text, strlen(text));
}

/* An archive entry for the fixture builder: a regular file unless type says otherwise. */
typedef struct fx {
    const char *name;
    const char *data; /* regular files: the content (size 0 = strlen) */
    size_t size;
    unsigned type;    /* 0 = AE_IFREG */
    const char *link; /* symbolic link target, or hard link target with type AE_IFREG */
    bool hard;
} fx;

/* Writes a pax tar (gzip-compressed if gzip) with libarchive. Large zero-filled entries come
 * from size > 0 with data NULL. */
static void make_archive_as(const char *path, bool gzip, bool v7, const fx *e, size_t n)
{
    static const char zeros[65536];
    struct archive *a = archive_write_new();
    assert_non_null(a);
    assert_int_equal(v7 ? archive_write_set_format_v7tar(a) : archive_write_set_format_pax_restricted(a), ARCHIVE_OK);
    if (gzip)
        assert_int_equal(archive_write_add_filter_gzip(a), ARCHIVE_OK);
    assert_int_equal(archive_write_open_filename(a, path), ARCHIVE_OK);
    for (size_t i = 0; i < n; i++) {
        struct archive_entry *en = archive_entry_new();
        unsigned type = e[i].type ? e[i].type : AE_IFREG;
        size_t size = type == AE_IFREG && !e[i].link ? (e[i].size ? e[i].size : strlen(e[i].data)) : 0;
        archive_entry_set_pathname(en, e[i].name);
        archive_entry_set_filetype(en, type);
        archive_entry_set_perm(en, type == AE_IFDIR ? 0755 : 0644);
        archive_entry_set_size(en, (la_int64_t)size);
        if (e[i].link && e[i].hard)
            archive_entry_set_hardlink(en, e[i].link);
        else if (e[i].link)
            archive_entry_set_symlink(en, e[i].link);
        assert_int_equal(archive_write_header(a, en), ARCHIVE_OK);
        for (size_t done = 0; done < size;) {
            size_t chunk = size - done < sizeof zeros ? size - done : sizeof zeros;
            const void *src = e[i].data ? e[i].data + done : zeros;
            assert_int_equal(archive_write_data(a, src, chunk), (la_ssize_t)chunk);
            done += chunk;
        }
        archive_entry_free(en);
    }
    assert_int_equal(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
}

static void make_archive(const char *path, bool gzip, const fx *e, size_t n)
{
    make_archive_as(path, gzip, false, e, n);
}

static nnx_nnef_container *open_ok(const char *path)
{
    nnx_nnef_container *c = NULL;
    nnx_error err = {0};
    nnx_status st = nnx_nnef_container_open(path, NULL, NULL, &c, &err);
    if (st != NNX_OK)
        print_error("%s\n", err.message);
    assert_int_equal(st, NNX_OK);
    assert_non_null(c);
    return c;
}

/* Opening fails with status and a message containing want. */
static void open_fails(const char *path, const nnx_nnef_container_options *o, nnx_status status, const char *want)
{
    nnx_nnef_container *c = (nnx_nnef_container *)&c;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_open(path, o, NULL, &c, &err), status);
    assert_null(c);
    assert_int_equal(err.status, status);
    if (!strstr(err.message, want))
        print_error("message '%s' lacks '%s'\n", err.message, want);
    assert_non_null(strstr(err.message, want));
}

static void expect_text(nnx_nnef_container *c, const char *rel, const char *want)
{
    const void *data;
    size_t size;
    nnx_error err = {0};
    nnx_status st = nnx_nnef_container_get(c, rel, &data, &size, &err);
    if (st != NNX_OK)
        print_error("%s\n", err.message);
    assert_int_equal(st, NNX_OK);
    assert_int_equal(size, strlen(want));
    assert_memory_equal(data, want, size);
}

static void expect_variable(nnx_nnef_container *c, const char *label, const char *relpath, const char *want)
{
    const void *data;
    size_t size;
    const char *rel = NULL;
    nnx_error err = {0};
    nnx_status st = nnx_nnef_container_get_variable(c, label, &data, &size, &rel, &err);
    if (st != NNX_OK)
        print_error("%s\n", err.message);
    assert_int_equal(st, NNX_OK);
    assert_string_equal(rel, relpath);
    assert_int_equal(size, strlen(want));
    assert_memory_equal(data, want, size);
}

/* The standard small model: graph, quant, one variable, vendor files. */
static const fx model_entries[] = {
    {"graph.nnef", graph_text, 0, 0, NULL, false},
    {"graph.quant", "\"x\": linear_quantize(min = 0.0, max = 1.0, bits = 8);\n", 0, 0, NULL, false},
    {"conv1", NULL, 0, AE_IFDIR, NULL, false},
    {"conv1/filter.dat", "FILTER-BYTES", 0, 0, NULL, false},
    {"conv1/filter.dat.q8", "OTHER-VERSION", 0, 0, NULL, false},
    {"vendor/blob.bin", "VENDOR", 0, 0, NULL, false},
};
#define N_MODEL (sizeof model_entries / sizeof model_entries[0])

static void check_model(nnx_nnef_container *c)
{
    expect_text(c, "graph.nnef", graph_text);
    expect_text(c, "graph.quant", model_entries[1].data);
    expect_variable(c, "conv1/filter", "conv1/filter.dat", "FILTER-BYTES");
    assert_true(nnx_nnef_container_has(c, "graph.nnef"));
    assert_true(nnx_nnef_container_has(c, "conv1/filter.dat"));
    assert_false(nnx_nnef_container_has(c, "conv1/bias.dat"));
}

/* ------------------------------------------------------------------ kinds */

static void test_folder(void **state)
{
    (void)state;
    char dir[256];
    tmp_path(dir, sizeof dir, "folder");
    for (size_t i = 0; i < N_MODEL; i++)
        if (model_entries[i].data)
            put_file(dir, model_entries[i].name, model_entries[i].data);
    nnx_nnef_container *c = open_ok(dir);
    assert_int_equal(nnx_nnef_container_kind_of(c), NNX_NNEF_CONTAINER_FOLDER);
    check_model(c);
    /* In a folder every file is reachable, vendor files included. */
    expect_text(c, "vendor/blob.bin", "VENDOR");
    const void *a, *b;
    size_t na, nb;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_get(c, "graph.nnef", &a, &na, &err), NNX_OK);
    assert_int_equal(nnx_nnef_container_get(c, "graph.nnef", &b, &nb, &err), NNX_OK);
    assert_ptr_equal(a, b); /* one mapping per file */
    nnx_nnef_container_close(c);
    /* A trailing slash is accepted. */
    strcat(dir, "/");
    c = open_ok(dir);
    check_model(c);
    nnx_nnef_container_close(c);
}

/* A large .dat in a folder is mapped, not copied through the allocator. */
static void test_folder_large_file_mapped(void **state)
{
    (void)state;
    char dir[256], path[512];
    tmp_path(dir, sizeof dir, "folder_large");
    put_file(dir, "graph.nnef", graph_text);
    size_t big = 1 << 20;
    char *bytes = malloc(big);
    for (size_t i = 0; i < big; i++)
        bytes[i] = (char)(i * 7);
    snprintf(path, sizeof path, "%s/w.dat", dir);
    write_file(path, bytes, big);
    counting_alloc ca = {0};
    nnx_alloc a = counting_alloc_wrap(&ca);
    nnx_nnef_container *c;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_open(dir, NULL, &a, &c, &err), NNX_OK);
    const void *data;
    size_t size;
    assert_int_equal(nnx_nnef_container_get_variable(c, "w", &data, &size, NULL, &err), NNX_OK);
    assert_int_equal(size, big);
    assert_memory_equal(data, bytes, big);
    assert_true(ca.largest < big);
    nnx_nnef_container_close(c);
    assert_int_equal(ca.live, 0);
    free(bytes);
}

static void test_lone_graph_file(void **state)
{
    (void)state;
    char path[256];
    tmp_path(path, sizeof path, "lone/model.nnef");
    write_file(path, graph_text, strlen(graph_text));
    put_file(tmp_root, "lone/w.dat", "W"); /* a neighbour: not part of a lone-file container */
    nnx_nnef_container *c = open_ok(path);
    assert_int_equal(nnx_nnef_container_kind_of(c), NNX_NNEF_CONTAINER_GRAPH_FILE);
    expect_text(c, "graph.nnef", graph_text);
    assert_true(nnx_nnef_container_has(c, "graph.nnef"));
    assert_false(nnx_nnef_container_has(c, "w.dat"));
    const char *rel = (const char *)path;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_find_variable(c, "w", &rel, &err), NNX_OK);
    assert_null(rel);
    const void *data;
    size_t size;
    assert_int_equal(nnx_nnef_container_get(c, "w.dat", &data, &size, &err), NNX_ERROR_IO);
    assert_non_null(strstr(err.message, "'w.dat' not found: a lone graph.nnef holds no other file"));
    nnx_error_clear(&err);
    assert_int_equal(nnx_nnef_container_get_variable(c, "w", &data, &size, NULL, &err), NNX_ERROR_IO);
    assert_non_null(strstr(err.message, "no tensor file for variable 'w' (expected 'w.dat')"));
    nnx_nnef_container_close(c);
}

static void test_tar(void **state)
{
    (void)state;
    char path[256];
    make_archive(tmp_path(path, sizeof path, "model.tar"), false, model_entries, N_MODEL);
    nnx_nnef_container *c = open_ok(path);
    assert_int_equal(nnx_nnef_container_kind_of(c), NNX_NNEF_CONTAINER_TAR);
    check_model(c);
    nnx_nnef_container_close(c);
}

static void test_tgz(void **state)
{
    (void)state;
    char path[256];
    make_archive(tmp_path(path, sizeof path, "model.tgz"), true, model_entries, N_MODEL);
    nnx_nnef_container *c = open_ok(path);
    assert_int_equal(nnx_nnef_container_kind_of(c), NNX_NNEF_CONTAINER_TGZ);
    check_model(c);
    nnx_nnef_container_close(c);
}

/* The kind comes from the bytes: a .tgz called "model.bin", a tar called "weights", a V7
 * tar called "v7.bin". */
static void test_kind_by_magic(void **state)
{
    (void)state;
    char path[256];
    make_archive(tmp_path(path, sizeof path, "model.bin"), true, model_entries, N_MODEL);
    nnx_nnef_container *c = open_ok(path);
    assert_int_equal(nnx_nnef_container_kind_of(c), NNX_NNEF_CONTAINER_TGZ);
    check_model(c);
    nnx_nnef_container_close(c);
    make_archive(tmp_path(path, sizeof path, "weights"), false, model_entries, N_MODEL);
    c = open_ok(path);
    assert_int_equal(nnx_nnef_container_kind_of(c), NNX_NNEF_CONTAINER_TAR);
    nnx_nnef_container_close(c);
    /* an old V7 tar has no "ustar" magic: its header checksum identifies it */
    make_archive_as(tmp_path(path, sizeof path, "v7.bin"), false, true, model_entries, N_MODEL);
    c = open_ok(path);
    assert_int_equal(nnx_nnef_container_kind_of(c), NNX_NNEF_CONTAINER_TAR);
    check_model(c);
    nnx_nnef_container_close(c);
}

/* `tar -C dir .` names ("./graph.nnef") and `tar czf m.tgz model/` (one top folder). */
static void test_archive_name_forms(void **state)
{
    (void)state;
    char path[256];
    const fx dot[] = {{"./", NULL, 0, AE_IFDIR, NULL, false},
                      {"./graph.nnef", graph_text, 0, 0, NULL, false},
                      {"./conv1/", NULL, 0, AE_IFDIR, NULL, false},
                      {"./conv1/filter.dat", "FILTER-BYTES", 0, 0, NULL, false}};
    make_archive(tmp_path(path, sizeof path, "dot.tgz"), true, dot, 4);
    nnx_nnef_container *c = open_ok(path);
    expect_text(c, "graph.nnef", graph_text);
    expect_variable(c, "conv1/filter", "conv1/filter.dat", "FILTER-BYTES");
    nnx_nnef_container_close(c);
    const fx top[] = {{"model/", NULL, 0, AE_IFDIR, NULL, false},
                      {"model/graph.nnef", graph_text, 0, 0, NULL, false},
                      {"model/conv1/filter.dat", "FILTER-BYTES", 0, 0, NULL, false},
                      {"model/vendor.bin", "V", 0, 0, NULL, false}};
    make_archive(tmp_path(path, sizeof path, "top.tgz"), true, top, 4);
    c = open_ok(path);
    expect_text(c, "graph.nnef", graph_text);
    expect_variable(c, "conv1/filter", "conv1/filter.dat", "FILTER-BYTES");
    assert_false(nnx_nnef_container_has(c, "model/graph.nnef"));
    nnx_nnef_container_close(c);
}

/* Vendor files and alternative versions (§5.1) are skipped unread: a 4 MiB vendor blob
 * never reaches the allocator. */
static void test_vendor_files_ignored(void **state)
{
    (void)state;
    char path[256];
    const fx e[] = {{"graph.nnef", graph_text, 0, 0, NULL, false},
                    {"vendor/optimized.bin", NULL, 4u << 20, 0, NULL, false},
                    {"w.dat.q8", NULL, 4u << 20, 0, NULL, false},
                    {"w.dat", "W", 0, 0, NULL, false},
                    {"README", "vendor text", 0, 0, NULL, false}};
    make_archive(tmp_path(path, sizeof path, "vendor.tgz"), true, e, 5);
    counting_alloc ca = {0};
    nnx_alloc a = counting_alloc_wrap(&ca);
    nnx_nnef_container *c;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_open(path, NULL, &a, &c, &err), NNX_OK);
    assert_false(nnx_nnef_container_has(c, "vendor/optimized.bin"));
    assert_false(nnx_nnef_container_has(c, "w.dat.q8"));
    assert_false(nnx_nnef_container_has(c, "README"));
    expect_variable(c, "w", "w.dat", "W");
    assert_true(ca.largest < (1u << 20));
    nnx_nnef_container_close(c);
    assert_int_equal(ca.live, 0);
}

/* ------------------------------------------------------------------ case-insensitive labels */

static void test_case_fallback_archive(void **state)
{
    (void)state;
    char path[256];
    const fx e[] = {{"graph.nnef", graph_text, 0, 0, NULL, false},
                    {"Conv1/Filter.DAT", "F", 0, 0, NULL, false},
                    {"a.dat", "lower", 0, 0, NULL, false},
                    {"A.dat", "upper", 0, 0, NULL, false}};
    make_archive(tmp_path(path, sizeof path, "case.tgz"), true, e, 4);
    nnx_nnef_container *c = open_ok(path);
    expect_variable(c, "conv1/filter", "Conv1/Filter.DAT", "F");
    expect_variable(c, "CONV1/FILTER", "Conv1/Filter.DAT", "F");
    expect_variable(c, "a", "a.dat", "lower"); /* the exact name wins */
    expect_variable(c, "A", "A.dat", "upper");
    assert_false(nnx_nnef_container_has(c, "conv1/filter.dat")); /* has() is exact */
    nnx_nnef_container_close(c);
}

static void test_case_fallback_folder(void **state)
{
    (void)state;
    char dir[256];
    tmp_path(dir, sizeof dir, "case_folder");
    put_file(dir, "graph.nnef", graph_text);
    put_file(dir, "Conv1/Filter.DAT", "F");
    put_file(dir, "a.dat", "lower");
    put_file(dir, "A.dat", "upper");
    nnx_nnef_container *c = open_ok(dir);
    expect_variable(c, "conv1/filter", "Conv1/Filter.DAT", "F");
    expect_variable(c, "CONV1/FILTER", "Conv1/Filter.DAT", "F");
    expect_variable(c, "a", "a.dat", "lower");
    expect_variable(c, "A", "A.dat", "upper");
    nnx_nnef_container_close(c);
}

static void expect_ambiguous(nnx_nnef_container *c)
{
    const char *rel;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_find_variable(c, "x", &rel, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "both match"));
    assert_non_null(strstr(err.message, "ignoring case"));
}

static void test_case_ambiguous(void **state)
{
    (void)state;
    char path[256], dir[256];
    const fx e[] = {{"graph.nnef", graph_text, 0, 0, NULL, false},
                    {"X.dat", "1", 0, 0, NULL, false},
                    {"X.DAT", "2", 0, 0, NULL, false}};
    make_archive(tmp_path(path, sizeof path, "ambiguous.tar"), false, e, 3);
    nnx_nnef_container *c = open_ok(path);
    expect_ambiguous(c);
    nnx_nnef_container_close(c);
    tmp_path(dir, sizeof dir, "ambiguous_folder");
    put_file(dir, "graph.nnef", graph_text);
    put_file(dir, "X.dat", "1");
    put_file(dir, "X.DAT", "2");
    c = open_ok(dir);
    expect_ambiguous(c);
    nnx_nnef_container_close(c);
}

/* ------------------------------------------------------------------ label rules */

static void label_fails(const char *label, nnx_status status, const char *want)
{
    char buf[8192];
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_label_path(label, buf, sizeof buf, &err), status);
    if (!strstr(err.message, want))
        print_error("message '%s' lacks '%s'\n", err.message, want);
    assert_non_null(strstr(err.message, want));
}

static void test_label_ok(void **state)
{
    (void)state;
    char buf[64];
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_label_path("conv1/filter", buf, sizeof buf, &err), NNX_OK);
    assert_string_equal(buf, "conv1/filter.dat");
    assert_int_equal(nnx_nnef_label_path("a.b-c_D/9/.hidden", buf, sizeof buf, &err), NNX_OK);
    assert_string_equal(buf, "a.b-c_D/9/.hidden.dat");
}

static void test_label_empty(void **state)
{
    (void)state;
    label_fails("", NNX_ERROR_INVALID_MODEL, "variable label '': a label must not be empty");
}

static void test_label_bad_character(void **state)
{
    (void)state;
    label_fails("conv 1", NNX_ERROR_INVALID_MODEL, "variable label 'conv 1': character 0x20 is not allowed");
    label_fails("w:1", NNX_ERROR_INVALID_MODEL, "character 0x3a is not allowed");
    label_fails("caf\xc3\xa9", NNX_ERROR_INVALID_MODEL, "variable label 'caf\?\?': character 0xc3 is not allowed");
}

static void test_label_backslash(void **state)
{
    (void)state;
    label_fails("conv1\\filter", NNX_ERROR_NOT_SUPPORTED,
                "variable label 'conv1\\filter': a backslash has no portable file path");
}

static void test_label_absolute(void **state)
{
    (void)state;
    label_fails("/etc/passwd", NNX_ERROR_INVALID_MODEL, "variable label '/etc/passwd': absolute path");
}

static void test_label_dotdot(void **state)
{
    (void)state;
    label_fails("../secret", NNX_ERROR_INVALID_MODEL, "variable label '../secret': '..' path component");
    label_fails("a/../../b", NNX_ERROR_INVALID_MODEL, "'..' path component");
}

static void test_label_dot(void **state)
{
    (void)state;
    label_fails("a/./b", NNX_ERROR_INVALID_MODEL, "variable label 'a/./b': '.' path component");
}

static void test_label_empty_component(void **state)
{
    (void)state;
    label_fails("a//b", NNX_ERROR_INVALID_MODEL, "variable label 'a//b': empty path component");
    label_fails("a/", NNX_ERROR_INVALID_MODEL, "variable label 'a/': empty path component");
}

static void test_label_too_long(void **state)
{
    (void)state;
    char label[5000];
    memset(label, 'a', sizeof label - 1);
    label[sizeof label - 1] = '\0';
    for (size_t i = 100; i < sizeof label - 1; i += 100)
        label[i] = '/';
    label_fails(label, NNX_ERROR_INVALID_MODEL, "longer than 4091 bytes");
    memset(label, 'b', 300);
    label[300] = '\0';
    label_fails(label, NNX_ERROR_INVALID_MODEL, "path component longer than 255 bytes");
}

static void test_label_buffer_too_small(void **state)
{
    (void)state;
    char buf[8];
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_label_path("abcd", buf, sizeof buf, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "path buffer too small"));
}

/* A bad label reaches the caller of find_variable unchanged. */
static void test_label_through_container(void **state)
{
    (void)state;
    char path[256];
    make_archive(tmp_path(path, sizeof path, "label.tgz"), true, model_entries, N_MODEL);
    nnx_nnef_container *c = open_ok(path);
    const char *rel;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_find_variable(c, "../graph", &rel, &err), NNX_ERROR_INVALID_MODEL);
    assert_null(rel);
    assert_non_null(strstr(err.message, "'..' path component"));
    nnx_nnef_container_close(c);
}

/* ------------------------------------------------------------------ unsafe archive entries */

/* An archive with graph.nnef plus one bad entry fails to open with want in the message. */
static void bad_entry(const char *file, const fx *bad, const char *want)
{
    char path[256];
    fx e[2] = {{"graph.nnef", graph_text, 0, 0, NULL, false}, *bad};
    make_archive(tmp_path(path, sizeof path, file), true, e, 2);
    open_fails(path, NULL, NNX_ERROR_INVALID_MODEL, want);
}

static void test_entry_absolute(void **state)
{
    (void)state;
    bad_entry("abs.tgz", &(fx){"/etc/x.dat", "x", 0, 0, NULL, false},
              "abs.tgz: error: entry '/etc/x.dat': unsafe name: absolute path");
}

static void test_entry_dotdot(void **state)
{
    (void)state;
    bad_entry("dotdot.tgz", &(fx){"../evil.bin", "x", 0, 0, NULL, false},
              "entry '../evil.bin': unsafe name: '..' path component");
    bad_entry("dotdot2.tgz", &(fx){"a/../../x.dat", "x", 0, 0, NULL, false}, "unsafe name: '..' path component");
}

static void test_entry_dot_component(void **state)
{
    (void)state;
    bad_entry("dot.tgz", &(fx){"a/./x.dat", "x", 0, 0, NULL, false}, "unsafe name: '.' path component");
}

static void test_entry_backslash(void **state)
{
    (void)state;
    bad_entry("backslash.tgz", &(fx){"..\\evil.dat", "x", 0, 0, NULL, false}, "unsafe name: backslash in path");
}

static void test_entry_control_character(void **state)
{
    (void)state;
    bad_entry("control.tgz", &(fx){"a\nb.dat", "x", 0, 0, NULL, false},
              "entry 'a?b.dat': unsafe name: control character in path");
}

static void test_entry_empty_component(void **state)
{
    (void)state;
    bad_entry("empty.tgz", &(fx){"a//b.dat", "x", 0, 0, NULL, false}, "unsafe name: empty path component");
}

static void test_entry_too_long(void **state)
{
    (void)state;
    char name[5000];
    memset(name, 'a', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    for (size_t i = 100; i < sizeof name - 1; i += 100)
        name[i] = '/';
    bad_entry("long.tgz", &(fx){name, "x", 0, 0, NULL, false}, "unsafe name: path longer than 4095 bytes");
    memset(name, 'c', 300);
    strcpy(name + 300, ".dat");
    bad_entry("longcomp.tgz", &(fx){name, "x", 0, 0, NULL, false}, "unsafe name: path component longer than 255 bytes");
}

static void test_entry_symlink(void **state)
{
    (void)state;
    bad_entry("symlink.tgz", &(fx){"w.dat", NULL, 0, AE_IFLNK, "/etc/passwd", false},
              "entry 'w.dat': a symbolic link; only regular files and folders are allowed");
}

static void test_entry_hardlink(void **state)
{
    (void)state;
    bad_entry("hardlink.tgz", &(fx){"w.dat", NULL, 0, AE_IFREG, "graph.nnef", true},
              "entry 'w.dat': a hard link; only regular files and folders are allowed");
}

static void test_entry_fifo(void **state)
{
    (void)state;
    bad_entry("fifo.tgz", &(fx){"w.dat", NULL, 0, AE_IFIFO, NULL, false},
              "entry 'w.dat': a FIFO; only regular files and folders are allowed");
}

static void test_entry_device(void **state)
{
    (void)state;
    bad_entry("chr.tgz", &(fx){"w.dat", NULL, 0, AE_IFCHR, NULL, false}, "a character device; only regular files");
    bad_entry("blk.tgz", &(fx){"w.dat", NULL, 0, AE_IFBLK, NULL, false}, "a block device; only regular files");
}

static void test_entry_duplicate(void **state)
{
    (void)state;
    bad_entry("dup.tgz", &(fx){"graph.nnef", "version 1.0; # replaced", 0, 0, NULL, false},
              "entry 'graph.nnef': appears twice in the archive");
}

/* ------------------------------------------------------------------ bounds */

static void test_bomb_total_size(void **state)
{
    (void)state;
    char path[256];
    const fx e[] = {{"graph.nnef", graph_text, 0, 0, NULL, false}, {"w.dat", NULL, 8u << 20, 0, NULL, false}};
    make_archive(tmp_path(path, sizeof path, "bomb.tgz"), true, e, 2);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_true(sb.st_size < 64 * 1024); /* 8 MiB of zeros compresses to a few KiB */
    nnx_nnef_container_options o = {.max_bytes = 1u << 20};
    open_fails(path, &o, NNX_ERROR_NOT_SUPPORTED,
               "bomb.tgz:w.dat: error: the archive unpacks to more than 1048576 bytes (8388695 with this entry) (the "
               "limit; raise it with nnx_model_options.max_archive_bytes, nnx --max-archive-bytes)");
    /* Skipped vendor entries count too: the bound is on the decompression work. */
    const fx v[] = {{"graph.nnef", graph_text, 0, 0, NULL, false}, {"vendor.bin", NULL, 8u << 20, 0, NULL, false}};
    make_archive(tmp_path(path, sizeof path, "bomb_vendor.tgz"), true, v, 2);
    open_fails(path, &o, NNX_ERROR_NOT_SUPPORTED, "bomb_vendor.tgz:vendor.bin: error: the archive unpacks to more");
    /* 8 MiB from a few KiB: within the default bytes, and under NNX_ARCHIVE_RATIO_FLOOR */
    nnx_nnef_container *c = open_ok(path);
    nnx_nnef_container_close(c);
}

/* 80 MiB of zeros gzip to about 80 KiB: past NNX_ARCHIVE_RATIO_FLOOR, the 1000:1 ratio breaks
 * the default 100 (measured against the file's real size) and loads once it is raised. */
static void test_bomb_ratio(void **state)
{
    (void)state;
    char path[256];
    const fx v[] = {{"graph.nnef", graph_text, 0, 0, NULL, false}, {"vendor.bin", NULL, 80u << 20, 0, NULL, false}};
    make_archive(tmp_path(path, sizeof path, "ratio.tgz"), true, v, 2);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_true(sb.st_size * 200 < (80 << 20) && sb.st_size * 4000 > (80 << 20));
    char want[200];
    snprintf(want, sizeof want,
             "ratio.tgz:vendor.bin: error: the archive unpacks to more than 100 times its %lld bytes",
             (long long)sb.st_size);
    open_fails(path, NULL, NNX_ERROR_NOT_SUPPORTED, want);
    open_fails(path, NULL, NNX_ERROR_NOT_SUPPORTED, "nnx_model_options.max_archive_ratio, nnx --max-archive-ratio)");
    nnx_nnef_container_options o = {.max_ratio = 4000};
    nnx_nnef_container *c;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_open(path, &o, NULL, &c, &err), NNX_OK);
    nnx_nnef_container_close(c);
}

/* A 512-byte ustar header for a regular file name of declared size (tar's octal fields and
 * header checksum), written raw, gzip-compressed if gzip, with only `data` bytes after it:
 * a header that claims far more than the archive holds. */
static void make_lying_archive(const char *path, bool gzip, const char *name, uint64_t size, size_t data)
{
    unsigned char h[512 + 1024] = {0};
    snprintf((char *)h, 100, "%s", name);
    memcpy(h + 100, "0000644", 8);
    memcpy(h + 108, "0000000", 8);
    memcpy(h + 116, "0000000", 8);
    char octal[24];
    assert_int_equal(snprintf(octal, sizeof octal, "%011llo", (unsigned long long)size), 11);
    memcpy(h + 124, octal, 12);
    memcpy(h + 136, "00000000000", 12);
    h[156] = '0';
    memcpy(h + 257, "ustar", 6);
    memcpy(h + 263, "00", 2);
    memset(h + 148, ' ', 8);
    unsigned sum = 0;
    for (int i = 0; i < 512; i++)
        sum += h[i];
    snprintf((char *)h + 148, 8, "%06o", sum);
    assert_true(data <= 1024);
    struct archive *a = archive_write_new();
    assert_int_equal(archive_write_set_format_raw(a), ARCHIVE_OK);
    if (gzip)
        assert_int_equal(archive_write_add_filter_gzip(a), ARCHIVE_OK);
    assert_int_equal(archive_write_open_filename(a, path), ARCHIVE_OK);
    struct archive_entry *en = archive_entry_new();
    archive_entry_set_pathname(en, "raw");
    archive_entry_set_filetype(en, AE_IFREG);
    assert_int_equal(archive_write_header(a, en), ARCHIVE_OK);
    assert_int_equal(archive_write_data(a, h, 512 + data), (la_ssize_t)(512 + data));
    archive_entry_free(en);
    assert_int_equal(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
}

/* A header claiming 8 GiB (the most tar's 11 octal digits hold), or 60 MiB (under the ratio
 * floor), in an archive of a few hundred bytes: refused at the header by the ratio (a plain
 * .tar too), or costing only the bytes really there (the buffer grows with the data) before
 * "truncated data". */
static void test_bomb_lying_header(void **state)
{
    (void)state;
    char path[256];
    make_lying_archive(tmp_path(path, sizeof path, "lie.tgz"), true, "w.dat", (uint64_t)077777777777, 100);
    open_fails(path, NULL, NNX_ERROR_NOT_SUPPORTED, "lie.tgz:w.dat: error: the archive unpacks to more than 100 times");
    make_lying_archive(tmp_path(path, sizeof path, "lie.tar"), false, "w.dat", (uint64_t)077777777777, 100);
    open_fails(path, NULL, NNX_ERROR_NOT_SUPPORTED, "lie.tar:w.dat: error: the archive unpacks to more than 100 times");
    nnx_nnef_container_options o = {.max_bytes = 1u << 30};
    open_fails(path, &o, NNX_ERROR_NOT_SUPPORTED, "lie.tar:w.dat: error: the archive unpacks to more than 1073741824");
    /* 60 MiB claimed: under the floor, so read, and a counting allocator sees only the first
     * chunk allocated, never the 60 MiB */
    make_lying_archive(tmp_path(path, sizeof path, "lie60.tgz"), true, "w.dat", (uint64_t)60 << 20, 1000);
    counting_alloc ca = {0};
    nnx_alloc a = counting_alloc_wrap(&ca);
    nnx_nnef_container *c = NULL;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_open(path, NULL, &a, &c, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "lie60.tgz"));
    assert_null(c);
    assert_true(ca.largest <= ((size_t)16 << 20));
    assert_int_equal(ca.live, 0);
}

static void test_bomb_entries(void **state)
{
    (void)state;
    char path[256], names[40][16];
    fx e[40];
    e[0] = (fx){"graph.nnef", graph_text, 0, 0, NULL, false};
    for (int i = 1; i < 40; i++) {
        snprintf(names[i], sizeof names[i], "e%d.bin", i);
        e[i] = (fx){names[i], "x", 0, 0, NULL, false};
    }
    make_archive(tmp_path(path, sizeof path, "many.tgz"), true, e, 40);
    nnx_nnef_container_options o = {.max_entries = 10};
    open_fails(path, &o, NNX_ERROR_NOT_SUPPORTED, "archive has more than 10 entries (limit max_entries)");
    o.max_entries = 40;
    nnx_nnef_container *c;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_open(path, &o, NULL, &c, &err), NNX_OK);
    nnx_nnef_container_close(c);
}

/* ------------------------------------------------------------------ errors */

static void get_fails(nnx_nnef_container *c, const char *rel, nnx_status status, const char *want)
{
    const void *data = &data;
    size_t size = 1;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_get(c, rel, &data, &size, &err), status);
    assert_null(data);
    assert_int_equal(size, 0);
    if (!strstr(err.message, want))
        print_error("message '%s' lacks '%s'\n", err.message, want);
    assert_non_null(strstr(err.message, want));
}

static void test_not_found_vs_io_archive(void **state)
{
    (void)state;
    char path[256], want[400];
    make_archive(tmp_path(path, sizeof path, "nf.tgz"), true, model_entries, N_MODEL);
    nnx_nnef_container *c = open_ok(path);
    assert_false(nnx_nnef_container_has(c, "missing.dat"));
    snprintf(want, sizeof want, "%s: error: 'missing.dat' not found in the archive", path);
    get_fails(c, "missing.dat", NNX_ERROR_IO, want);
    get_fails(c, "../graph.nnef", NNX_ERROR_INVALID_ARGUMENT, "'../graph.nnef': '..' path component");
    assert_false(nnx_nnef_container_has(c, "../graph.nnef"));
    const void *data;
    size_t size;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_get_variable(c, "conv1/bias", &data, &size, NULL, &err), NNX_ERROR_IO);
    assert_non_null(strstr(err.message, "no tensor file for variable 'conv1/bias' (expected 'conv1/bias.dat')"));
    nnx_nnef_container_close(c);
}

static void test_not_found_vs_io_folder(void **state)
{
    (void)state;
    char dir[256], want[512], sub[512];
    tmp_path(dir, sizeof dir, "nf_folder");
    put_file(dir, "graph.nnef", graph_text);
    put_file(dir, "locked.dat", "secret");
    snprintf(sub, sizeof sub, "%s/folder.dat", dir);
    assert_int_equal(mkdir(sub, 0777), 0);
    nnx_nnef_container *c = open_ok(dir);
    /* absent: has() is false, get is an I/O error naming the file */
    assert_false(nnx_nnef_container_has(c, "missing.dat"));
    snprintf(want, sizeof want, "%s/missing.dat: error: cannot open: No such file or directory", dir);
    get_fails(c, "missing.dat", NNX_ERROR_IO, want);
    /* present but unreadable as a file */
    assert_false(nnx_nnef_container_has(c, "folder.dat"));
    get_fails(c, "folder.dat", NNX_ERROR_IO, "folder.dat: error: cannot read: Is a directory");
    if (geteuid() != 0) { /* root reads anything: the permission case needs a normal user */
        snprintf(sub, sizeof sub, "%s/locked.dat", dir);
        assert_int_equal(chmod(sub, 0), 0);
        assert_true(nnx_nnef_container_has(c, "locked.dat"));
        get_fails(c, "locked.dat", NNX_ERROR_IO, "locked.dat: error: cannot open: Permission denied");
    }
    get_fails(c, "/etc/passwd", NNX_ERROR_INVALID_ARGUMENT, "'/etc/passwd': absolute path");
    nnx_nnef_container_close(c);
}

static void test_open_errors(void **state)
{
    (void)state;
    char path[256], want[400];
    tmp_path(path, sizeof path, "does-not-exist");
    snprintf(want, sizeof want, "%s: error: cannot open: No such file or directory", path);
    open_fails(path, NULL, NNX_ERROR_IO, want);
    tmp_path(path, sizeof path, "empty_folder");
    assert_int_equal(mkdir(path, 0777), 0);
    open_fails(path, NULL, NNX_ERROR_INVALID_MODEL, "error: no graph.nnef in the folder");
    const fx e[] = {{"w.dat", "x", 0, 0, NULL, false}};
    make_archive(tmp_path(path, sizeof path, "nograph.tgz"), true, e, 1);
    open_fails(path, NULL, NNX_ERROR_INVALID_MODEL, "error: no graph.nnef in the archive");
    write_file(tmp_path(path, sizeof path, "bz.tar.bz2"), "BZh91AY&SY", 10);
    open_fails(path, NULL, NNX_ERROR_NOT_SUPPORTED, "bzip2 archives are not supported");
    write_file(tmp_path(path, sizeof path, "model.zip"), "PK\x03\x04....", 8);
    open_fails(path, NULL, NNX_ERROR_NOT_SUPPORTED, "zip archives are not supported");
    write_file(tmp_path(path, sizeof path, "text.tar"), graph_text, strlen(graph_text));
    open_fails(path, NULL, NNX_ERROR_INVALID_MODEL, "text.tar: error: malformed archive");
    open_fails("/dev/null", NULL, NNX_ERROR_IO, "/dev/null: error: cannot open: not a regular file or a folder");
}

/* A .tgz cut short in its compressed stream. */
static void test_truncated_archive(void **state)
{
    (void)state;
    char path[256];
    const fx e[] = {{"graph.nnef", graph_text, 0, 0, NULL, false}, {"w.dat", NULL, 300000, 0, NULL, false}};
    make_archive(tmp_path(path, sizeof path, "cut.tgz"), true, e, 2);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(truncate(path, sb.st_size / 2), 0);
    open_fails(path, NULL, NNX_ERROR_INVALID_MODEL, "cut.tgz: error: malformed archive");
}

/* ------------------------------------------------------------------ allocation failure */

static nnx_status open_and_read(const char *path, const nnx_alloc *a)
{
    nnx_nnef_container *c;
    nnx_error err = {0};
    const void *data;
    size_t size;
    nnx_status st = nnx_nnef_container_open(path, NULL, a, &c, &err);
    if (st != NNX_OK)
        return st;
    st = nnx_nnef_container_get(c, "graph.nnef", &data, &size, &err);
    if (st == NNX_OK)
        st = nnx_nnef_container_get_variable(c, "conv1/filter", &data, &size, NULL, &err);
    if (st == NNX_OK)
        st = nnx_nnef_container_get_variable(c, "CONV1/FILTER", &data, &size, NULL, &err);
    nnx_nnef_container_close(c);
    return st;
}

static void fail_every_allocation(const char *path)
{
    long n = 1;
    for (;; n++) {
        counting_alloc ca = {.fail_at = n};
        nnx_alloc a = counting_alloc_wrap(&ca);
        nnx_status st = open_and_read(path, &a);
        assert_int_equal(ca.live, 0);
        if (st == NNX_OK)
            break;
        assert_int_equal(st, NNX_ERROR_OUT_OF_MEMORY);
    }
    assert_true(n > 3);
}

static void test_allocation_failure_tgz(void **state)
{
    (void)state;
    char path[256];
    make_archive(tmp_path(path, sizeof path, "oom.tgz"), true, model_entries, N_MODEL);
    fail_every_allocation(path);
}

static void test_allocation_failure_folder(void **state)
{
    (void)state;
    char dir[256];
    tmp_path(dir, sizeof dir, "oom_folder");
    for (size_t i = 0; i < N_MODEL; i++)
        if (model_entries[i].data)
            put_file(dir, model_entries[i].name, model_entries[i].data);
    fail_every_allocation(dir);
}

/* ------------------------------------------------------------------ writer */

static nnx_nnef_container_writer *model_writer(const nnx_alloc *a)
{
    nnx_nnef_container_writer *w;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_writer_create(a, &w, &err), NNX_OK);
    for (size_t i = 0; i < N_MODEL; i++)
        if (model_entries[i].data)
            assert_int_equal(nnx_nnef_container_writer_add(w, model_entries[i].name, model_entries[i].data,
                                                           strlen(model_entries[i].data), &err),
                             NNX_OK);
    assert_int_equal(nnx_nnef_container_writer_add(w, "empty.dat", "", 0, &err), NNX_OK);
    return w;
}

static void write_ok(nnx_nnef_container_writer *w, const char *path, nnx_nnef_container_format f)
{
    nnx_error err = {0};
    nnx_status st = nnx_nnef_container_writer_write(w, path, f, &err);
    if (st != NNX_OK)
        print_error("%s\n", err.message);
    assert_int_equal(st, NNX_OK);
}

static void check_written(const char *path, nnx_nnef_container_kind kind)
{
    nnx_nnef_container *c = open_ok(path);
    assert_int_equal(nnx_nnef_container_kind_of(c), kind);
    check_model(c);
    expect_variable(c, "empty", "empty.dat", "");
    nnx_nnef_container_close(c);
}

static void test_writer_folder(void **state)
{
    (void)state;
    char dir[256];
    nnx_nnef_container_writer *w = model_writer(NULL);
    write_ok(w, tmp_path(dir, sizeof dir, "written/deep/model"), NNX_NNEF_FORMAT_AUTO);
    check_written(dir, NNX_NNEF_CONTAINER_FOLDER);
    write_ok(w, dir, NNX_NNEF_FORMAT_FOLDER); /* over an existing folder */
    check_written(dir, NNX_NNEF_CONTAINER_FOLDER);
    nnx_nnef_container_writer_destroy(w);
}

/* A folder inside the output that is a symbolic link is not followed: the write is refused
 * naming it, and no file lands where the link leads (nor anywhere else). */
static void test_writer_folder_link_refused(void **state)
{
    (void)state;
    char out[256], elsewhere[256], link[300], leaked[300], graph[300];
    tmp_path(out, sizeof out, "linked_out");
    tmp_path(elsewhere, sizeof elsewhere, "elsewhere");
    assert_int_equal(mkdir(out, 0777), 0);
    assert_int_equal(mkdir(elsewhere, 0777), 0);
    snprintf(link, sizeof link, "%s/sub", out);
    assert_int_equal(symlink(elsewhere, link), 0);
    nnx_nnef_container_writer *w;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_writer_create(NULL, &w, &err), NNX_OK);
    assert_int_equal(nnx_nnef_container_writer_add(w, "graph.nnef", "version 1.0;", 12, &err), NNX_OK);
    assert_int_equal(nnx_nnef_container_writer_add(w, "sub/w.dat", "x", 1, &err), NNX_OK);
    assert_int_equal(nnx_nnef_container_writer_write(w, out, NNX_NNEF_FORMAT_FOLDER, &err), NNX_ERROR_IO);
    assert_non_null(strstr(err.message, "sub: error: cannot write inside it: a symbolic link"));
    snprintf(leaked, sizeof leaked, "%s/w.dat", elsewhere);
    snprintf(graph, sizeof graph, "%s/graph.nnef", out);
    struct stat sb;
    assert_int_not_equal(stat(leaked, &sb), 0);
    assert_int_not_equal(stat(graph, &sb), 0);
    nnx_nnef_container_writer_destroy(w);
}

static void read_whole(const char *path, uint8_t **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    *data = malloc(*size + 1);
    assert_int_equal(fread(*data, 1, *size, f), *size);
    fclose(f);
}

static void test_writer_archives(void **state)
{
    (void)state;
    char tgz[256], tgz2[256], targz[256], tar[256];
    nnx_nnef_container_writer *w = model_writer(NULL);
    write_ok(w, tmp_path(tgz, sizeof tgz, "w1.tgz"), NNX_NNEF_FORMAT_AUTO);
    write_ok(w, tmp_path(targz, sizeof targz, "w1.tar.gz"), NNX_NNEF_FORMAT_AUTO);
    write_ok(w, tmp_path(tar, sizeof tar, "w1.tar"), NNX_NNEF_FORMAT_AUTO);
    write_ok(w, tmp_path(tgz2, sizeof tgz2, "w2.bin"), NNX_NNEF_FORMAT_TGZ);
    check_written(tgz, NNX_NNEF_CONTAINER_TGZ);
    check_written(targz, NNX_NNEF_CONTAINER_TGZ);
    check_written(tar, NNX_NNEF_CONTAINER_TAR);
    check_written(tgz2, NNX_NNEF_CONTAINER_TGZ);
    /* Reproducible: the same files give the same bytes. */
    uint8_t *a, *b;
    size_t na, nb;
    read_whole(tgz, &a, &na);
    read_whole(tgz2, &b, &nb);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, na);
    assert_int_equal(a[0], 0x1f);
    assert_int_equal(a[1], 0x8b);
    assert_int_equal(a[4] | a[5] | a[6] | a[7], 0); /* no gzip timestamp (RFC 1952 MTIME) */
    free(a);
    free(b);
    nnx_nnef_container_writer_destroy(w);
}

static void add_fails(nnx_nnef_container_writer *w, const char *rel, const char *want)
{
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_writer_add(w, rel, "x", 1, &err), NNX_ERROR_INVALID_ARGUMENT);
    if (!strstr(err.message, want))
        print_error("message '%s' lacks '%s'\n", err.message, want);
    assert_non_null(strstr(err.message, want));
}

static void test_writer_rejects(void **state)
{
    (void)state;
    char path[256];
    nnx_nnef_container_writer *w = model_writer(NULL);
    add_fails(w, "../x.dat", "'../x.dat': '..' path component");
    add_fails(w, "/x.dat", "'/x.dat': absolute path");
    add_fails(w, "a\\b.dat", "backslash in path");
    add_fails(w, "a//b.dat", "empty path component");
    add_fails(w, "", "empty path");
    add_fails(w, "graph.nnef", "'graph.nnef': added twice");
    add_fails(w, "CONV1/Filter.dat", "'conv1/filter.dat' and 'CONV1/Filter.dat' differ only in case");
    nnx_error err = {0};
    void *owned = malloc(4); /* the writer uses libc here; the failing call frees it */
    assert_int_equal(nnx_nnef_container_writer_add_owned(w, "../y", owned, 4, &err), NNX_ERROR_INVALID_ARGUMENT);
    /* a file where a folder must go */
    put_file(tmp_root, "blocker", "file");
    nnx_error_clear(&err);
    assert_int_equal(
        nnx_nnef_container_writer_write(w, tmp_path(path, sizeof path, "blocker/model"), NNX_NNEF_FORMAT_FOLDER, &err),
        NNX_ERROR_IO);
    assert_non_null(strstr(err.message, "blocker/model: error: cannot create folder: Not a directory"));
    nnx_error_clear(&err);
    assert_int_equal(
        nnx_nnef_container_writer_write(w, tmp_path(path, sizeof path, "no/such/dir.tgz"), NNX_NNEF_FORMAT_TGZ, &err),
        NNX_ERROR_IO);
    assert_non_null(strstr(err.message, "dir.tgz: error: cannot create a temporary file: No such file or directory"));
    nnx_nnef_container_writer_destroy(w);
    nnx_nnef_container_writer_destroy(NULL);
}

static void test_writer_allocation_failure(void **state)
{
    (void)state;
    char path[256];
    tmp_path(path, sizeof path, "oom_written.tgz");
    long n = 1;
    for (;; n++) {
        counting_alloc ca = {.fail_at = n};
        nnx_alloc a = counting_alloc_wrap(&ca);
        nnx_nnef_container_writer *w = NULL;
        nnx_error err = {0};
        nnx_status st = nnx_nnef_container_writer_create(&a, &w, &err);
        for (size_t i = 0; st == NNX_OK && i < N_MODEL; i++)
            if (model_entries[i].data)
                st = nnx_nnef_container_writer_add(w, model_entries[i].name, model_entries[i].data,
                                                   strlen(model_entries[i].data), &err);
        if (st == NNX_OK)
            st = nnx_nnef_container_writer_write(w, path, NNX_NNEF_FORMAT_AUTO, &err);
        nnx_nnef_container_writer_destroy(w);
        assert_int_equal(ca.live, 0);
        if (st == NNX_OK)
            break;
        assert_int_equal(st, NNX_ERROR_OUT_OF_MEMORY);
    }
    assert_true(n > 3);
    nnx_nnef_container *c = open_ok(path);
    check_model(c);
    nnx_nnef_container_close(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_folder),
        cmocka_unit_test(test_folder_large_file_mapped),
        cmocka_unit_test(test_lone_graph_file),
        cmocka_unit_test(test_tar),
        cmocka_unit_test(test_tgz),
        cmocka_unit_test(test_kind_by_magic),
        cmocka_unit_test(test_archive_name_forms),
        cmocka_unit_test(test_vendor_files_ignored),
        cmocka_unit_test(test_case_fallback_archive),
        cmocka_unit_test(test_case_fallback_folder),
        cmocka_unit_test(test_case_ambiguous),
        cmocka_unit_test(test_label_ok),
        cmocka_unit_test(test_label_empty),
        cmocka_unit_test(test_label_bad_character),
        cmocka_unit_test(test_label_backslash),
        cmocka_unit_test(test_label_absolute),
        cmocka_unit_test(test_label_dotdot),
        cmocka_unit_test(test_label_dot),
        cmocka_unit_test(test_label_empty_component),
        cmocka_unit_test(test_label_too_long),
        cmocka_unit_test(test_label_buffer_too_small),
        cmocka_unit_test(test_label_through_container),
        cmocka_unit_test(test_entry_absolute),
        cmocka_unit_test(test_entry_dotdot),
        cmocka_unit_test(test_entry_dot_component),
        cmocka_unit_test(test_entry_backslash),
        cmocka_unit_test(test_entry_control_character),
        cmocka_unit_test(test_entry_empty_component),
        cmocka_unit_test(test_entry_too_long),
        cmocka_unit_test(test_entry_symlink),
        cmocka_unit_test(test_entry_hardlink),
        cmocka_unit_test(test_entry_fifo),
        cmocka_unit_test(test_entry_device),
        cmocka_unit_test(test_entry_duplicate),
        cmocka_unit_test(test_bomb_total_size),
        cmocka_unit_test(test_bomb_ratio),
        cmocka_unit_test(test_bomb_lying_header),
        cmocka_unit_test(test_bomb_entries),
        cmocka_unit_test(test_not_found_vs_io_archive),
        cmocka_unit_test(test_not_found_vs_io_folder),
        cmocka_unit_test(test_open_errors),
        cmocka_unit_test(test_truncated_archive),
        cmocka_unit_test(test_allocation_failure_tgz),
        cmocka_unit_test(test_allocation_failure_folder),
        cmocka_unit_test(test_writer_folder),
        cmocka_unit_test(test_writer_folder_link_refused),
        cmocka_unit_test(test_writer_archives),
        cmocka_unit_test(test_writer_rejects),
        cmocka_unit_test(test_writer_allocation_failure),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
