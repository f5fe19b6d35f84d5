/* test_npy.c — NumPy .npy files (src/formats/npy/npy.c) against files numpy itself wrote
 * (tests/data/npy/, made by tests/unit/formats/npy/gen_npy.py with the values in npy_cases.h):
 * every dtype, ranks 0..4 and 8, versions 1.0/2.0/3.0, hand-made headers numpy also reads; one
 * golden diagnostic per rejected file; the writer byte-identical to numpy.save, round trips, every
 * truncation, and numpy.load on what nnx writes (when Debian's python3 has numpy). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/file.h"
#include "formats/npy/npy.h"

#include "../../../data/npy/npy_cases.h"

#define DATA_DIR NNX_SOURCE_DIR "/tests/data/npy/"
#define PYTHON "/usr/bin/python3"

/* The bytes of tests/data/npy/NAME (NAME with its extension); fails the test if unreadable. */
static nnx_file_view read_data(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s%s", DATA_DIR, name);
    static nnx_alloc a; /* the view keeps a pointer to it */
    nnx_alloc_init(&a, NULL);
    nnx_file_view view;
    nnx_error err = {0};
    if (nnx_file_map(path, &a, &view, &err) != NNX_OK)
        fail_msg("%s", err.message);
    return view;
}

static size_t case_bytes(const struct npy_case *c) { return c->count * nnx_dtype_size(c->dtype); }

static void expect_info(const struct npy_case *c, const nnx_npy_info *info)
{
    assert_int_equal(info->version[0], c->version);
    assert_int_equal(info->version[1], 0);
    assert_int_equal(info->dtype, c->dtype);
    assert_int_equal(info->rank, c->rank);
    for (uint32_t i = 0; i < c->rank; i++)
        assert_int_equal(info->shape[i], c->shape[i]);
    assert_int_equal(info->volume, c->count);
    assert_int_equal(info->data_size, case_bytes(c));
    if (c->count)
        assert_memory_equal(info->data, c->values, case_bytes(c));
}

/* ------------------------------------------------------------------ reading */

static void test_valid_files(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof npy_cases / sizeof npy_cases[0]; i++) {
        const struct npy_case *c = &npy_cases[i];
        nnx_file_view view = read_data(c->file);
        nnx_npy_info info;
        nnx_error err = {0};
        nnx_status st = nnx_npy_parse(view.data, view.size, c->file, &info, &err);
        if (st != NNX_OK)
            fail_msg("%s: %s", c->file, err.message);
        expect_info(c, &info);
        assert_ptr_equal(info.path, c->file);
        assert_int_equal(info.data_offset + info.data_size, view.size);
        assert_true(info.descr[0] == '<' || info.descr[0] == '|');
        nnx_file_unmap(&view);
    }
}

static void test_descr_strings(void **state)
{
    (void)state;
    nnx_file_view view = read_data("dtype_b1.npy");
    nnx_npy_info info;
    nnx_error err = {0};
    assert_int_equal(nnx_npy_parse(view.data, view.size, NULL, &info, &err), NNX_OK);
    assert_string_equal(info.descr, "|b1");
    nnx_file_unmap(&view);
    view = read_data("descr_lt_i1.npy");
    assert_int_equal(nnx_npy_parse(view.data, view.size, NULL, &info, &err), NNX_OK);
    assert_string_equal(info.descr, "<i1");
    nnx_file_unmap(&view);
}

#define INVALID NNX_ERROR_INVALID_MODEL
#define UNSUPPORTED NNX_ERROR_NOT_SUPPORTED

/* Every rejected file: its status and its whole message after "FILE.npy: error: ". */
static const struct {
    const char *stem;
    nnx_status status;
    const char *message;
} kRejected[] = {
    {"bad_magic", INVALID, "not a .npy file: bad magic string, it must start with \\x93NUMPY (offset 5)"},
    {"bool_two", INVALID, "bool item 1 is 2, not 0 or 1 (offset 129)"},
    {"complex", UNSUPPORTED,
     "data type '<c8' is not supported (nnx reads bool, int8..int64, uint8..uint64, float16, float32 and float64, "
     "'<' or '>' byte order) (offset 20)"},
    {"excess_data", INVALID, "shape (2, 3) of <f4 needs 24 data bytes, the file has 25 (extra bytes after the data)"},
    {"extent_too_big", UNSUPPORTED, "shape (4294967296, 0): extent 4294967296 is above 2^32-1"},
    {"pipe_f4", UNSUPPORTED,
     "data type '|f4' is not supported (nnx reads bool, int8..int64, uint8..uint64, float16, float32 and float64, "
     "'<' or '>' byte order) (offset 20)"},
    {"rank9", UNSUPPORTED, "rank 9 is above nnx's limit of 8"},
    {"structured", UNSUPPORTED, "structured data types (a list 'descr') are not supported (offset 20)"},
    {"syntax_backslash", INVALID, "header: strings hold printable ASCII characters without escapes (offset 23)"},
    {"syntax_duplicate_key", INVALID, "header: key 'descr' given twice (offset 68)"},
    {"syntax_empty_header", INVALID,
     "header: expected '{' to start the header dictionary, found byte 0x0A (offset 63)"},
    {"syntax_fortran_lower", INVALID, "header: expected True or False for 'fortran_order', found 'f' (offset 44)"},
    {"syntax_long_digits", INVALID, "header: shape extent does not fit in 64 bits (offset 61)"},
    {"syntax_long_v3", INVALID, "header: expected ',' or ')' in the shape tuple, found 'L' (offset 64)"},
    {"syntax_missing_colon", INVALID, "header: expected ':' after the key, found \"'\" (offset 19)"},
    {"syntax_missing_comma", INVALID, "header: expected ',' or '}' after a value, found \"'\" (offset 26)"},
    {"syntax_missing_key", INVALID, "header: key 'shape' is missing (offset 63)"},
    {"syntax_no_brace", INVALID, "header: expected '{' to start the header dictionary, found \"'\" (offset 10)"},
    {"syntax_no_newline", INVALID, "header: the header must end with a newline (offset 72)"},
    {"syntax_non_ascii", INVALID, "header: expected ',' or '}' after a value, found byte 0xE9 (offset 25)"},
    {"syntax_shape_int", INVALID, "header: shape (N) is an integer, not a tuple: write (N,) (offset 63)"},
    {"syntax_shape_leading_zero", INVALID, "header: shape extent has a leading zero (offset 61)"},
    {"syntax_shape_list", INVALID, "header: expected '(' to start the shape tuple, found '[' (offset 60)"},
    {"syntax_shape_negative", INVALID, "header: expected an integer extent, found '-' (offset 61)"},
    {"syntax_shape_overflow", INVALID,
     "shape (4294967295, 4294967295, 4294967295) overflows: its data would not fit in memory"},
    {"syntax_text_after", INVALID, "header: expected only blanks and a final newline after '}', found 'x' (offset 70)"},
    {"syntax_unknown_key", INVALID,
     "header: unknown key 'order' (the keys are 'descr', 'fortran_order', 'shape') (offset 68)"},
    {"syntax_unterminated", INVALID, "header: unterminated string (offset 63)"},
    {"trunc_data", INVALID, "truncated: shape (2, 3) of <f4 needs 24 data bytes, the file has 23"},
    {"trunc_header", INVALID,
     "truncated: the header length is 118 bytes, the file has 30 after the length field (offset 8)"},
    {"trunc_length", INVALID, "truncated: the file ends inside the header length (offset 9)"},
    {"trunc_magic", INVALID, "truncated: the file ends inside the magic string (offset 4)"},
    {"trunc_version", INVALID, "truncated: the file ends inside the version (offset 7)"},
    {"unicode", UNSUPPORTED,
     "data type '<U3' is not supported (nnx reads bool, int8..int64, uint8..uint64, float16, float32 and float64, "
     "'<' or '>' byte order) (offset 20)"},
    {"version1_1", UNSUPPORTED, "format version 1.1 is not supported (nnx reads 1.0, 2.0 and 3.0) (offset 6)"},
    {"version4", UNSUPPORTED, "format version 4.0 is not supported (nnx reads 1.0, 2.0 and 3.0) (offset 6)"},
};

static void test_rejected_files(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof kRejected / sizeof kRejected[0]; i++) {
        char name[96], expected[NNX_ERROR_MESSAGE_MAX];
        snprintf(name, sizeof name, "%s.npy", kRejected[i].stem);
        snprintf(expected, sizeof expected, "%s: error: %s", name, kRejected[i].message);
        nnx_file_view view = read_data(name);
        nnx_npy_info info;
        nnx_error err = {0};
        nnx_status st = nnx_npy_parse(view.data, view.size, name, &info, &err);
        if (st != kRejected[i].status || strcmp(err.message, expected) != 0)
            fail_msg("%s: got %s '%s'\n   expected %s '%s'", name, nnx_status_string(st), err.message,
                     nnx_status_string(kRejected[i].status), expected);
        nnx_file_unmap(&view);
    }
}

/* A file of format version major (1: 2-byte length field, else 4) around header text
 * (padded to 64 like numpy) and data. */
static size_t make_file(uint8_t *out, size_t cap, int major, const char *header, const void *data, size_t size)
{
    size_t field = major == 1 ? 2 : 4, text = strlen(header), len = text + 1;
    len += (64 - (8 + field + len) % 64) % 64;
    size_t at = 8 + field;
    assert_true(at + len + size <= cap);
    memcpy(out, "\x93NUMPY", 6);
    out[6] = (uint8_t)major;
    out[7] = 0;
    for (size_t i = 0; i < field; i++)
        out[8 + i] = (uint8_t)(len >> (8 * i));
    memcpy(out + at, header, text);
    memset(out + at + text, ' ', len - text - 1);
    out[at + len - 1] = '\n';
    memcpy(out + at + len, data, size);
    return at + len + size;
}

/* Python literal forms numpy.load also takes: blanks, tabs, orders, trailing commas. */
static void test_header_forms(void **state)
{
    (void)state;
    static const char *const ok[] = {
        "{'descr':'<f4','fortran_order':False,'shape':(2,3)}",
        "{'shape': (2, 3,), 'fortran_order': False, 'descr': '<f4',}",
        "{\t'descr' :\t\"<f4\" , 'fortran_order' : False , 'shape' : ( 2 , 3 ) }",
    };
    static const char *const bad[] = {
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3),, }",
        "{'descr': '<f4', 'fortran_order': Falsey, 'shape': (2, 3)}",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2 3)}",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)} }",
        "{'descr': u'<f4', 'fortran_order': False, 'shape': (2, 3)}",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3L)}", /* in version 3.0 (below) */
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'shape': (2, 3)}",
        "{}",
    };
    float data[6] = {0};
    uint8_t file[256];
    nnx_npy_info info;
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        nnx_error err = {0};
        size_t n = make_file(file, sizeof file, 1, ok[i], data, sizeof data);
        if (nnx_npy_parse(file, n, "t.npy", &info, &err) != NNX_OK)
            fail_msg("%s: %s", ok[i], err.message);
        assert_int_equal(info.rank, 2);
        assert_int_equal(info.shape[1], 3);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nnx_error err = {0};
        size_t n = make_file(file, sizeof file, i == 5 ? 3 : 1, bad[i], data, sizeof data);
        assert_int_equal(nnx_npy_parse(file, n, "t.npy", &info, &err), NNX_ERROR_INVALID_MODEL);
        assert_non_null(strstr(err.message, "t.npy: error: header: "));
        assert_non_null(strstr(err.message, " (offset "));
    }
}

/* Every proper prefix of a valid file is an error, never a read past the end. */
static void test_every_truncation(void **state)
{
    (void)state;
    nnx_file_view view = read_data("version2.npy");
    for (size_t n = 0; n < view.size; n++) {
        uint8_t *copy = malloc(n ? n : 1); /* exactly n bytes, so ASan sees any overread */
        memcpy(copy, view.data, n);
        nnx_npy_info info;
        nnx_error err = {0};
        assert_int_equal(nnx_npy_parse(copy, n, "v2.npy", &info, &err), NNX_ERROR_INVALID_MODEL);
        assert_non_null(strstr(err.message, "v2.npy: error: "));
        free(copy);
    }
    nnx_file_unmap(&view);
}

/* ------------------------------------------------------------------ writing */

static uint8_t *write_case(const struct npy_case *c, size_t *size)
{
    nnx_error err = {0};
    assert_int_equal(nnx_npy_encoded_size(c->dtype, c->shape, c->rank, size, &err), NNX_OK);
    uint8_t *out = malloc(*size);
    size_t written = 0;
    nnx_status st = nnx_npy_write(c->dtype, c->shape, c->rank, c->values, case_bytes(c), out, *size, &written, &err);
    if (st != NNX_OK)
        fail_msg("%s: %s", c->file, err.message);
    assert_int_equal(written, *size);
    return out;
}

static void test_writer_matches_numpy(void **state)
{
    (void)state;
    int compared = 0;
    for (size_t i = 0; i < sizeof npy_cases / sizeof npy_cases[0]; i++) {
        const struct npy_case *c = &npy_cases[i];
        if (!c->numpy_save)
            continue;
        size_t size;
        uint8_t *ours = write_case(c, &size);
        nnx_file_view theirs = read_data(c->file);
        assert_int_equal(size, theirs.size);
        if (memcmp(ours, theirs.data, size) != 0)
            fail_msg("%s: nnx_npy_write differs from numpy.save", c->file);
        assert_int_equal((size - case_bytes(c)) % 64, 0);
        assert_int_equal(ours[size - case_bytes(c) - 1], '\n');
        nnx_file_unmap(&theirs);
        free(ours);
        compared++;
    }
    assert_true(compared >= 15);
}

static void test_round_trip(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof npy_cases / sizeof npy_cases[0]; i++) {
        struct npy_case c = npy_cases[i];
        size_t size;
        uint8_t *file = write_case(&c, &size);
        nnx_npy_info info;
        nnx_error err = {0};
        assert_int_equal(nnx_npy_parse(file, size, "rt.npy", &info, &err), NNX_OK);
        c.version = 1;
        expect_info(&c, &info);
        free(file);
    }
}

static void test_writer_errors(void **state)
{
    (void)state;
    uint32_t shape[9] = {2, 3, 1, 1, 1, 1, 1, 1, 1};
    float data[6] = {0};
    uint8_t out[256];
    size_t size, written;
    nnx_error err = {0};
    assert_int_equal(nnx_npy_encoded_size(NNX_BFLOAT16, shape, 2, &size, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(err.message, "npy: error: numpy has no data type for bfloat16");
    assert_null(nnx_npy_descr(NNX_INT4));
    assert_string_equal(nnx_npy_descr(NNX_UINT8), "|u1");
    nnx_error_clear(&err);
    assert_int_equal(nnx_npy_encoded_size(NNX_FLOAT32, shape, 9, &size, &err), NNX_ERROR_INVALID_ARGUMENT);
    nnx_error_clear(&err);
    assert_int_equal(nnx_npy_write(NNX_FLOAT32, shape, 2, data, 20, out, sizeof out, &written, &err),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "npy: error: the data has 20 bytes, the shape needs 24");
    nnx_error_clear(&err);
    assert_int_equal(nnx_npy_write(NNX_FLOAT32, shape, 2, data, sizeof data, out, 100, &written, &err),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "npy: error: the output has 100 bytes, the file needs 152");
    uint32_t huge[3] = {UINT32_MAX, UINT32_MAX, UINT32_MAX};
    nnx_error_clear(&err);
    assert_int_equal(nnx_npy_encoded_size(NNX_FLOAT64, huge, 3, &size, &err), NNX_ERROR_INVALID_ARGUMENT);
}

/* numpy.load must read what nnx writes: every case written to a temporary folder, then one
 * python3 run compares each with the file numpy wrote. */
static void test_numpy_loads_nnx_files(void **state)
{
    (void)state;
    if (access(PYTHON, X_OK) != 0 || system(PYTHON " -c 'import numpy' 2>/dev/null") != 0) {
        print_message("skipped: " PYTHON " with numpy is not installed\n");
        skip();
    }
    char dir[] = "/tmp/nnx-npy-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char command[8192];
    int n = snprintf(command, sizeof command,
                     PYTHON " -c 'import sys, numpy\n"
                            "for ours, theirs in zip(sys.argv[1::2], sys.argv[2::2]):\n"
                            "    a, b = numpy.load(ours), numpy.load(theirs)\n"
                            "    assert a.dtype == b.dtype and a.shape == b.shape, ours\n"
                            "    assert numpy.array_equal(a, b, equal_nan=a.dtype.kind == \"f\"), ours\n'");
    for (size_t i = 0; i < sizeof npy_cases / sizeof npy_cases[0]; i++) {
        size_t size;
        uint8_t *file = write_case(&npy_cases[i], &size);
        char path[256];
        snprintf(path, sizeof path, "%s/%s", dir, npy_cases[i].file);
        nnx_error err = {0};
        assert_int_equal(nnx_file_write_atomic(path, file, size, &err), NNX_OK);
        free(file);
        n += snprintf(command + n, sizeof command - (size_t)n, " %s %s%s", path, DATA_DIR, npy_cases[i].file);
        assert_true((size_t)n < sizeof command);
    }
    int rc = system(command);
    for (size_t i = 0; i < sizeof npy_cases / sizeof npy_cases[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/%s", dir, npy_cases[i].file);
        unlink(path);
    }
    rmdir(dir);
    assert_int_equal(rc, 0);
}

/* Big-endian and Fortran-order files numpy wrote (gen_npy.py) come out of nnx_npy_copy_out
 * as the C-order little-endian values numpy's arange gave; a native '=' descriptor and a
 * wrong output size are refused. */
static void test_layouts(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        nnx_dtype dtype;
        bool big, fortran;
        uint32_t rank, shape[3];
    } kCases[] = {
        {"big_endian.npy", NNX_FLOAT32, true, false, 1, {3}},
        {"fortran.npy", NNX_FLOAT32, false, true, 2, {2, 3}},
        {"fortran_be_i2.npy", NNX_INT16, true, true, 3, {2, 3, 4}},
    };
    for (size_t k = 0; k < sizeof kCases / sizeof kCases[0]; k++) {
        nnx_file_view view = read_data(kCases[k].file);
        nnx_npy_info info;
        nnx_error err = {0};
        assert_int_equal(nnx_npy_parse(view.data, view.size, kCases[k].file, &info, &err), NNX_OK);
        assert_int_equal(info.dtype, kCases[k].dtype);
        assert_int_equal(info.big_endian, kCases[k].big);
        assert_int_equal(info.fortran_order, kCases[k].fortran);
        assert_int_equal(info.rank, kCases[k].rank);
        assert_memory_equal(info.shape, kCases[k].shape, kCases[k].rank * sizeof *info.shape);
        uint8_t out[64];
        assert_true(info.data_size <= sizeof out);
        assert_int_equal(nnx_npy_copy_out(&info, out, info.data_size - 1, &err), NNX_ERROR_INVALID_ARGUMENT);
        err = (nnx_error){0};
        assert_int_equal(nnx_npy_copy_out(&info, out, info.data_size, &err), NNX_OK);
        for (uint64_t i = 0; i < info.volume; i++) { /* numpy's arange, row-major */
            if (info.dtype == NNX_FLOAT32) {
                float f;
                memcpy(&f, out + 4 * i, 4);
                assert_true(f == (float)i);
            } else {
                int16_t v;
                memcpy(&v, out + 2 * i, 2);
                assert_int_equal(v, (int)i - 12);
            }
        }
        nnx_file_unmap(&view);
    }
    uint8_t file[256];
    const float data[2] = {1, 2};
    size_t n = make_file(file, sizeof file, 1, "{'descr': '=f4', 'fortran_order': False, 'shape': (2,), }", data,
                         sizeof data);
    nnx_npy_info info;
    nnx_error err = {0};
    assert_int_equal(nnx_npy_parse(file, n, "native.npy", &info, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(err.message, "data type '=f4' is not supported"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_files),          cmocka_unit_test(test_descr_strings),
        cmocka_unit_test(test_rejected_files),       cmocka_unit_test(test_layouts),
        cmocka_unit_test(test_header_forms),         cmocka_unit_test(test_every_truncation),
        cmocka_unit_test(test_writer_matches_numpy), cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_writer_errors),        cmocka_unit_test(test_numpy_loads_nnx_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
