/* test_model_sniff.c — the format a model file holds, told from its first bytes
 * (api/model_sniff.h, docs/decisions/engine.md E35): each format's signature, files made by
 * the formats' own writers (onnx, numpy, tar, gzip via the repository's test data), and
 * garbage, empty and short files that must stay unknown. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api/model_sniff.h"

static nnx_sniff_kind sniff(const void *b, size_t n) { return nnx_sniff_bytes(b, n, n); }

static void test_onnx_bytes(void **state)
{
    (void)state;
    /* ir_version 8, producer_name "x", then opset_import { version 17 } */
    static const uint8_t model[] = {0x08, 0x08, 0x12, 0x01, 'x', 0x42, 0x02, 0x10, 0x11};
    assert_int_equal(sniff(model, sizeof model), NNX_SNIFF_ONNX);
    /* cut after the first field: still a ModelProto start */
    assert_int_equal(nnx_sniff_bytes(model, 2, 1000), NNX_SNIFF_ONNX);
    /* a graph field that runs past the bytes read but fits in the file */
    static const uint8_t graph[] = {0x08, 0x07, 0x3a, 0x80, 0x01, 0x0a};
    assert_int_equal(nnx_sniff_bytes(graph, sizeof graph, 4096), NNX_SNIFF_ONNX);
    /* ... and one longer than the file */
    assert_int_equal(nnx_sniff_bytes(graph, sizeof graph, 100), NNX_SNIFF_UNKNOWN);
    /* ir_version 0 is no ONNX version */
    static const uint8_t zero[] = {0x08, 0x00, 0x12, 0x01, 'x'};
    assert_int_equal(sniff(zero, sizeof zero), NNX_SNIFF_UNKNOWN);
    /* field 1 with the wrong wire type (length-delimited) */
    static const uint8_t wrong_wire[] = {0x0a, 0x01, 'x'};
    assert_int_equal(sniff(wrong_wire, sizeof wrong_wire), NNX_SNIFF_UNKNOWN);
    /* only producer_name: no anchoring field */
    static const uint8_t unanchored[] = {0x12, 0x01, 'x'};
    assert_int_equal(sniff(unanchored, sizeof unanchored), NNX_SNIFF_UNKNOWN);
    /* a field number ModelProto does not have (9) */
    static const uint8_t unknown_field[] = {0x08, 0x08, 0x48, 0x01};
    assert_int_equal(sniff(unknown_field, sizeof unknown_field), NNX_SNIFF_UNKNOWN);
}

static void test_signatures(void **state)
{
    (void)state;
    assert_int_equal(sniff("version 1.0;\ngraph g(x) -> (y) {}", 33), NNX_SNIFF_NNEF_TEXT);
    const char *commented = "# a model\n  \n# more\nversion 1.0;";
    assert_int_equal(sniff(commented, strlen(commented)), NNX_SNIFF_NNEF_TEXT);
    assert_int_equal(sniff("versions", 8), NNX_SNIFF_UNKNOWN); /* a word that starts with version */
    const char *nnvm = " {\n  \"nodes\": [], \"arg_nodes\": [], \"heads\": []}";
    assert_int_equal(sniff(nnvm, strlen(nnvm)), NNX_SNIFF_NNVM_JSON);
    assert_int_equal(sniff("{\"a\": 1}", 8), NNX_SNIFF_JSON);
    static const uint8_t gz[] = {0x1f, 0x8b, 0x08, 0x00};
    assert_int_equal(sniff(gz, sizeof gz), NNX_SNIFF_GZIP);
    uint8_t tar[512] = {0};
    memcpy(tar, "graph.nnef", 10);
    memcpy(tar + 257, "ustar", 6);
    assert_int_equal(sniff(tar, sizeof tar), NNX_SNIFF_TAR);
    uint8_t tosa[64] = {0x10, 0, 0, 0, 'T', 'O', 'S', 'A'};
    assert_int_equal(sniff(tosa, sizeof tosa), NNX_SNIFF_TOSA);
    tosa[0] = 0x80; /* a root offset past the end of the file */
    assert_int_equal(sniff(tosa, sizeof tosa), NNX_SNIFF_UNKNOWN);
    assert_int_equal(sniff("\x93NUMPY\x01\x00", 8), NNX_SNIFF_NPY);
}

static void test_garbage_empty_short(void **state)
{
    (void)state;
    assert_int_equal(nnx_sniff_bytes(NULL, 0, 0), NNX_SNIFF_UNKNOWN);
    assert_int_equal(sniff("", 0), NNX_SNIFF_UNKNOWN);
    assert_int_equal(sniff("\x08", 1), NNX_SNIFF_UNKNOWN); /* a tag cut off before its value */
    assert_int_equal(sniff("\x1f", 1), NNX_SNIFF_UNKNOWN);
    assert_int_equal(sniff("\x93NUM", 4), NNX_SNIFF_UNKNOWN);
    assert_int_equal(sniff("TOSA", 4), NNX_SNIFF_UNKNOWN);
    assert_int_equal(sniff("hello world\n", 12), NNX_SNIFF_UNKNOWN);
    assert_int_equal(sniff("2024-01-01 log line\n", 20), NNX_SNIFF_UNKNOWN); /* '2' is tag 6/LEN */
    uint8_t noise[4096];
    uint32_t x = 12345;
    unsigned onnx = 0;
    for (int round = 0; round < 200; round++) {
        for (size_t i = 0; i < sizeof noise; i++) {
            x = x * 1664525u + 1013904223u;
            noise[i] = (uint8_t)(x >> 24);
        }
        onnx += sniff(noise, sizeof noise) == NNX_SNIFF_ONNX;
    }
    assert_int_equal(onnx, 0); /* random bytes do not walk as a ModelProto */
}

/* A file in a fresh temporary folder. */
static char dir[64];
static const char *write_file(const char *name, const void *b, size_t n)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, n, f), n);
    fclose(f);
    return path;
}

static void test_paths(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/nnx_sniff_XXXXXX");
    assert_non_null(mkdtemp(dir));
    char path[160];
    assert_int_equal(nnx_sniff_path(dir), NNX_SNIFF_UNKNOWN); /* a folder without graph.nnef */
    write_file("graph.nnef", "version 1.0;", 12);
    assert_int_equal(nnx_sniff_path(dir), NNX_SNIFF_NNEF_FOLDER);
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    assert_int_equal(nnx_sniff_path(path), NNX_SNIFF_NNEF_TEXT);
    assert_int_equal(nnx_sniff_path(write_file("empty", "", 0)), NNX_SNIFF_UNKNOWN);
    snprintf(path, sizeof path, "%s/missing", dir);
    assert_int_equal(nnx_sniff_path(path), NNX_SNIFF_UNKNOWN);
    snprintf(path, sizeof path, "%s/fifo", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_int_equal(nnx_sniff_path(path), NNX_SNIFF_UNKNOWN); /* not opened: would block */
    unlink(path);
    /* files written by the formats' own tools, from the repository's test data */
    assert_int_equal(nnx_sniff_path(NNX_SOURCE_DIR "/tests/data/onnx/bernoulli.onnx"), NNX_SNIFF_ONNX);
    assert_int_equal(nnx_sniff_path(NNX_SOURCE_DIR "/tests/data/nnef_run/input.npy"), NNX_SNIFF_NPY);
    assert_int_equal(nnx_sniff_path(NNX_SOURCE_DIR "/tests/data/nnvm/ops/log/graph.json"), NNX_SNIFF_NNVM_JSON);
    assert_int_equal(nnx_sniff_path(NNX_SOURCE_DIR "/tests/fuzz/corpus/tosa_flatbuffer/add.tosa"), NNX_SNIFF_TOSA);
    assert_int_equal(nnx_sniff_path(NNX_SOURCE_DIR "/examples/digits/model"), NNX_SNIFF_NNEF_FOLDER);
    snprintf(path, sizeof path, "tar -C %s -cf %s/m.tar graph.nnef && gzip -c %s/m.tar > %s/m.tgz", dir, dir, dir, dir);
    assert_int_equal(system(path), 0);
    snprintf(path, sizeof path, "%s/m.tar", dir);
    assert_int_equal(nnx_sniff_path(path), NNX_SNIFF_TAR);
    snprintf(path, sizeof path, "%s/m.tgz", dir);
    assert_int_equal(nnx_sniff_path(path), NNX_SNIFF_GZIP);
    snprintf(path, sizeof path, "rm -rf %s", dir);
    assert_int_equal(system(path), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_onnx_bytes),
        cmocka_unit_test(test_signatures),
        cmocka_unit_test(test_garbage_empty_short),
        cmocka_unit_test(test_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
