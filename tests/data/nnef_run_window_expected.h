/* nnef_run_window_expected.h — generated; do not edit. Regenerate with
 *   /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_window.py
 * box / argmax_pool / sample / max_pool / avg_pool documents and numpy-loop outputs. */
#ifndef NNX_TEST_NNEF_RUN_WINDOW_EXPECTED_H
#define NNX_TEST_NNEF_RUN_WINDOW_EXPECTED_H

/* Data only: the types come from tests/unit/formats/nnef/nnef_run_harness.h, included first. */

static const uint32_t nrw_d1[] = {
    0x40400000u, 0xc1100000u, 0x40c00000u, 0x40e00000u, 0xc0a00000u, 0xc0800000u, 0xc0c00000u, 0x40c00000u,
    0x40c00000u, 0x00000000u, 0x41100000u, 0xc1000000u, 0x3f800000u, 0x40000000u, 0xc1100000u, 0x40400000u,
    0x40c00000u, 0x40000000u, 0x41000000u, 0xc1000000u, 0x41000000u, 0x40a00000u, 0x40800000u, 0x40a00000u,
    0xbf800000u, 0xc0c00000u, 0x40800000u, 0x40800000u, 0x40000000u, 0x00000000u, 0x3f800000u, 0x40e00000u,
    0xc0c00000u, 0x40a00000u, 0xc0a00000u, 0x41100000u, 0x41000000u, 0x40800000u, 0x00000000u, 0x40400000u,
};
static const uint32_t nrw_d2[] = {
    0xc1700000u, 0xc1700000u, 0x00000000u, 0x41500000u, 0xc1100000u, 0x00000000u, 0x3f800000u, 0x41600000u,
    0x00000000u, 0xc0c00000u, 0xc0e00000u, 0xc0a00000u, 0x41880000u, 0x41c80000u, 0xbf800000u, 0xc0a00000u,
    0x41300000u, 0x41200000u, 0xc0000000u, 0xc0c00000u, 0x40c00000u, 0x41600000u, 0x41800000u, 0x41880000u,
    0x41000000u, 0x41880000u, 0x41c00000u, 0x41c80000u, 0xc0c00000u, 0xc0c00000u, 0x41980000u, 0x41a00000u,
    0x41500000u, 0x41100000u, 0x41c00000u, 0x41700000u, 0x41300000u, 0x40c00000u, 0x41800000u, 0x40e00000u,
};
static const nnef_run_tensor nrw_box_ignore_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 4}, nrw_d1, 0},
};
static const nnef_run_tensor nrw_box_ignore_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 5, 4}, nrw_d2, 0},
};
/* box 3x3 border ignore, explicit padding 1 */
static const char nrw_box_ignore_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_ignore( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 4]);\n"
    "    y = box(x, size = [1, 1, 3, 3], border = 'ignore', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrw_d3[] = {
    0x40c00000u, 0x40400000u, 0xc0a00000u, 0x41000000u, 0x40000000u, 0xc0c00000u, 0xc1100000u, 0x40c00000u,
    0x40800000u, 0x41100000u, 0xc0400000u, 0xbf800000u, 0xc1000000u, 0x40a00000u, 0x40000000u, 0xc0800000u,
    0x40400000u, 0x3f800000u, 0xc0800000u, 0x40a00000u, 0x41100000u, 0xc1000000u, 0x40800000u, 0xc0800000u,
    0x3f800000u, 0x40400000u, 0x40400000u, 0xc1000000u, 0xc0800000u, 0xc0a00000u, 0xbf800000u, 0x40a00000u,
    0x3f800000u, 0x40400000u, 0x40800000u, 0x40800000u, 0xc0e00000u, 0x40c00000u, 0x40e00000u, 0x40400000u,
    0xbf800000u, 0xc0e00000u, 0x40a00000u, 0x40800000u, 0xc0c00000u, 0xc0000000u, 0xc0000000u, 0xbf800000u,
    0xc0a00000u, 0xc0800000u, 0x40c00000u, 0x00000000u, 0x00000000u, 0x40400000u, 0x00000000u, 0x40a00000u,
    0x00000000u, 0xc0c00000u, 0x40a00000u, 0xc1100000u, 0x40e00000u, 0xbf800000u, 0xbf800000u, 0x41100000u,
    0xc0e00000u, 0x40800000u, 0xc1100000u, 0xc1100000u, 0xc1100000u, 0xc0a00000u, 0x40000000u, 0xbf800000u,
    0x40800000u, 0xbf800000u, 0x40000000u, 0xc0400000u, 0xc0e00000u, 0xc0400000u, 0x40400000u, 0x3f800000u,
    0xc0e00000u, 0xc0a00000u, 0xc0e00000u, 0xc0c00000u,
};
static const uint32_t nrw_d4[] = {
    0xc0a00000u, 0xc1000000u, 0x3f800000u, 0x00000000u, 0x3f800000u, 0x41600000u, 0x40a00000u, 0x41500000u,
    0x41900000u, 0x3f800000u, 0x3f800000u, 0x40c00000u, 0x40e00000u, 0x00000000u, 0xc0000000u, 0x41400000u,
    0xc0000000u, 0xc1500000u,
};
static const nnef_run_tensor nrw_box_norm_ignore_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 7, 6}, nrw_d3, 0},
};
static const nnef_run_tensor nrw_box_norm_ignore_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 3, 3}, nrw_d4, 0},
};
/* box 2x3 normalize, border ignore, stride 2, dilation 2 */
static const char nrw_box_norm_ignore_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_norm_ignore( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 7, 6]);\n"
    "    y = box(x, size = [1, 2, 3], border = 'ignore', padding = [(0, 0), (1, 0), (2, 2)], stride = [1, 2, 2], dilation = [1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d5[] = {
    0x41700000u, 0x41600000u, 0xc1600000u, 0xc0e00000u, 0x41100000u, 0x41880000u, 0x41b80000u, 0xc1a00000u,
    0x40e00000u, 0x41a80000u, 0xc1000000u, 0x00000000u, 0xc0000000u, 0x41300000u, 0xc1a80000u, 0xc1b00000u,
    0x41c00000u, 0x41500000u, 0x40400000u, 0x41000000u, 0x41200000u, 0xc1300000u, 0x41a00000u, 0xc1b80000u,
    0xc1900000u, 0xc1980000u, 0xc1700000u, 0x41980000u, 0x40c00000u, 0xc1500000u, 0xc1c00000u, 0x3f800000u,
    0x40800000u, 0x40a00000u, 0xbf800000u, 0xc0c00000u, 0xc1200000u, 0x41900000u, 0xc1100000u, 0xc1880000u,
    0xc0a00000u, 0x41b00000u, 0x41800000u, 0xc0800000u, 0xc1c80000u, 0xc1400000u, 0xc0400000u, 0x41400000u,
    0x40000000u, 0xc1800000u,
};
static const int32_t nrw_d6[] = {
    5, 5, 4, 5, 5, 3, 3, 2,
    5, 3, 1, 5, 4, 4, 1, 5,
    3, 2, 4, 0, 3, 1, 0, 2,
    1, 3, 5, 3, 2, 2, 5, 3,
    1, 0, 0, 5, 5, 4, 2, 0,
    3, 3, 2, 0, 4, 1, 1, 0,
    0, 2,
};
static const nnef_run_tensor nrw_argmax_ignore_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 5}, nrw_d5, 0},
};
static const nnef_run_tensor nrw_argmax_ignore_out[] = {
    {"i", NNX_INT32, 4, {1, 2, 5, 5}, nrw_d6, 0},
};
/* argmax_pool 3x2 border ignore, padding (1, 1) */
static const char nrw_argmax_ignore_doc[] =
    "version 1.0;\n"
    "\n"
    "graph argmax_ignore( x ) -> ( i )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 5]);\n"
    "    i = argmax_pool(x, size = [1, 1, 3, 2], border = 'ignore', padding = [(0, 0), (0, 0), (1, 1), (1, 0)]);\n"
    "}\n";
static const uint32_t nrw_d7[] = {
    0xc0400000u, 0x00000000u, 0x41000000u, 0xc1000000u, 0x40000000u, 0x40800000u, 0x40000000u, 0xc0400000u,
    0xbf800000u, 0x40000000u, 0xc0800000u, 0x40400000u, 0xc1000000u, 0xc1100000u, 0xc0800000u, 0xc0400000u,
    0x41000000u, 0xc0e00000u, 0x40800000u, 0x40a00000u, 0x40c00000u, 0x40800000u, 0xc0e00000u, 0x41100000u,
    0x40a00000u, 0x3f800000u, 0xc0c00000u, 0x3f800000u, 0x40800000u, 0xbf800000u, 0x40800000u, 0x00000000u,
    0x40e00000u, 0x40c00000u, 0x3f800000u, 0xc1000000u, 0xc0c00000u, 0x40a00000u, 0xc0a00000u, 0xc0400000u,
    0xc0800000u, 0x00000000u, 0x40a00000u, 0xc0e00000u, 0xc0e00000u, 0xc0800000u, 0x40a00000u, 0xc1100000u,
    0xc0000000u, 0xbf800000u, 0x00000000u, 0xbf800000u, 0x40400000u, 0x40000000u, 0xc0800000u, 0xc1100000u,
    0x40800000u, 0xc1000000u, 0x41000000u, 0x3f800000u, 0xc1000000u, 0x41100000u, 0xc0e00000u, 0xbf800000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0xc0800000u, 0x40000000u, 0x3f800000u, 0xc0a00000u, 0x40000000u,
    0x40e00000u, 0x40c00000u, 0xc0a00000u, 0xc0000000u, 0x40a00000u, 0x40400000u, 0x41000000u, 0xc0c00000u,
    0xc0e00000u, 0xbf800000u, 0x40400000u, 0x40c00000u, 0x40800000u, 0xc0a00000u, 0x40000000u, 0x40000000u,
    0x40400000u, 0x40400000u,
};
static const int32_t nrw_d8[] = {
    4, 5, 5, 5, 4, 0, 2, 5,
    2, 0, 1, 3, 4, 3, 3, 3,
    2, 2, 5, 0, 1, 0, 3, 1,
    0, 4, 4, 2, 2, 0, 0, 5,
    1, 5, 5, 2,
};
static const uint32_t nrw_d9[] = {
    0xc0400000u, 0xc1000000u, 0x00000000u, 0x40400000u, 0xc1000000u, 0xbf800000u, 0x41000000u, 0x41100000u,
    0x00000000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0x40800000u, 0x00000000u, 0x40c00000u, 0x00000000u,
    0xc0a00000u, 0x00000000u, 0xbf800000u, 0x40a00000u, 0xbf800000u, 0x00000000u, 0x00000000u, 0x3f800000u,
    0x00000000u, 0xc0e00000u, 0x00000000u, 0x00000000u, 0x40000000u, 0x40000000u, 0x00000000u, 0x40c00000u,
    0xc0c00000u, 0x00000000u, 0x00000000u, 0x00000000u,
};
static const nnef_run_tensor nrw_sample_ignore_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 3, 6, 5}, nrw_d7, 0},
    {"index", NNX_INT32, 4, {1, 3, 4, 3}, nrw_d8, 0},
};
static const nnef_run_tensor nrw_sample_ignore_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 3, 4, 3}, nrw_d9, 0},
};
/* sample 2x3 border ignore, stride 2 */
static const char nrw_sample_ignore_doc[] =
    "version 1.0;\n"
    "\n"
    "graph sample_ignore( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 3, 6, 5]);\n"
    "    index = external<integer>(shape = [1, 3, 4, 3]);\n"
    "    y = sample(x, index, size = [1, 1, 2, 3], border = 'ignore', padding = [(0, 0), (0, 0), (1, 1), (1, 1)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d10[] = {
    0xc1c00000u, 0xc1a80000u, 0x41a00000u, 0xc1980000u, 0xc0000000u, 0xc1d00000u, 0x41c80000u, 0xc1e00000u,
    0xc0400000u, 0xc1b00000u, 0xc1500000u, 0xbf800000u, 0xc1d80000u, 0xc1800000u, 0x41400000u, 0x41b80000u,
    0xc0800000u, 0x41c00000u, 0xc0c00000u, 0xc1f00000u, 0xc1c80000u, 0xc1200000u, 0x41700000u, 0x41880000u,
    0xc1b80000u, 0x40800000u, 0xc1900000u, 0x41100000u, 0x41980000u, 0xc1000000u, 0x41900000u, 0xc0e00000u,
    0x40a00000u, 0x40c00000u, 0xc1400000u, 0xc1100000u, 0x41a80000u, 0xc0a00000u, 0x41800000u, 0x41d00000u,
    0x40400000u, 0xc1880000u, 0x41200000u, 0x41b00000u, 0x41000000u, 0xc1300000u, 0x00000000u, 0xc1e80000u,
    0xc1700000u, 0x41300000u, 0x41500000u, 0xc1600000u, 0x41600000u, 0x41e80000u, 0x3f800000u, 0x41d80000u,
    0x41e00000u, 0x40e00000u, 0x40000000u, 0xc1a00000u,
};
static const uint32_t nrw_d11[] = {
    0x41c80000u, 0x41a00000u, 0xbf800000u, 0x41c80000u, 0x41b80000u, 0x41c00000u, 0x40800000u, 0x41100000u,
    0x41980000u, 0x41a80000u, 0x41d00000u, 0x41d00000u, 0x41b00000u, 0x41d00000u, 0x41e80000u, 0x41d80000u,
    0x41e00000u, 0x41e80000u,
};
static const nnef_run_tensor nrw_max_pool_ignore_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 6}, nrw_d10, 0},
};
static const nnef_run_tensor nrw_max_pool_ignore_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrw_d11, 0},
};
/* max_pool 3x3 stride 2 border ignore */
static const char nrw_max_pool_ignore_doc[] =
    "version 1.0;\n"
    "\n"
    "graph max_pool_ignore( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 6]);\n"
    "    y = max_pool(x, size = [1, 1, 3, 3], border = 'ignore', padding = [(0, 0), (0, 0), (1, 1), (1, 1)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d12[] = {
    0x41100000u, 0x41000000u, 0x41100000u, 0x00000000u, 0xc0800000u, 0x00000000u, 0x40000000u, 0x40a00000u,
    0x3f800000u, 0x40800000u, 0x40a00000u, 0xc0800000u, 0xc0800000u, 0x00000000u, 0xc0000000u, 0xc0800000u,
    0x40c00000u, 0xc0400000u, 0xc1100000u, 0xc0a00000u, 0xc1100000u, 0xc0a00000u, 0x40c00000u, 0x00000000u,
    0x40e00000u, 0x40400000u, 0x00000000u, 0x40c00000u, 0x40a00000u, 0x40400000u, 0x00000000u, 0x40e00000u,
    0x3f800000u, 0xc0000000u, 0x40c00000u, 0x41000000u, 0x40400000u, 0xc0c00000u, 0x3f800000u, 0x40000000u,
};
static const uint32_t nrw_d13[] = {
    0x40980000u, 0x40b00000u, 0x40855555u, 0x40200000u, 0x3e800000u, 0x40555555u, 0x40555555u, 0x3ff1c71cu,
    0x3f800000u, 0xbe2aaaabu, 0x3f555555u, 0x3eaaaaabu, 0xbf2aaaabu, 0xbfb8e38eu, 0xbfeaaaabu, 0x3f400000u,
    0xbf2aaaabu, 0xc0155555u, 0xc0755555u, 0xc0800000u, 0xc0300000u, 0x3e2aaaabu, 0x40000000u, 0x40900000u,
    0x40700000u, 0xbf2aaaabu, 0x3f800000u, 0x40000000u, 0x40638e39u, 0x404aaaabu, 0x40600000u, 0x401c71c7u,
    0x3fd55555u, 0x3fe38e39u, 0x40200000u, 0x40900000u, 0x400aaaabu, 0x3f2aaaabu, 0x3eaaaaabu, 0x3fe00000u,
};
static const nnef_run_tensor nrw_avg_pool_ignore_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 5}, nrw_d12, 0},
};
static const nnef_run_tensor nrw_avg_pool_ignore_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 4, 5}, nrw_d13, 0},
};
/* avg_pool 3x3 border ignore (ignore: in-bounds count) */
static const char nrw_avg_pool_ignore_doc[] =
    "version 1.0;\n"
    "\n"
    "graph avg_pool_ignore( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 5]);\n"
    "    y = avg_pool(x, size = [1, 1, 3, 3], border = 'ignore', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrw_d14[] = {
    0x40c00000u, 0x3f800000u, 0x41000000u, 0xc0400000u, 0xc0400000u, 0xc0400000u, 0xbf800000u, 0x40400000u,
    0x00000000u, 0x41100000u, 0xc0c00000u, 0x40c00000u, 0xc1100000u, 0xc1000000u, 0xbf800000u, 0xc0800000u,
    0xc0c00000u, 0x40c00000u, 0xbf800000u, 0xc1100000u, 0xc0c00000u, 0x40e00000u, 0x41100000u, 0x3f800000u,
    0xc0800000u, 0xc0400000u, 0x40400000u, 0xc0000000u, 0xc0400000u, 0xc0a00000u, 0x40800000u, 0xc0c00000u,
    0x40800000u, 0x40800000u, 0x40000000u, 0xc0400000u, 0x40800000u, 0x41000000u, 0x40a00000u, 0x3f800000u,
};
static const uint32_t nrw_d15[] = {
    0x3f800000u, 0x41000000u, 0x40a00000u, 0x40e00000u, 0x41200000u, 0x41300000u, 0x41600000u, 0x40e00000u,
    0xc1600000u, 0xc1b00000u, 0xc0a00000u, 0xc0400000u, 0xc1000000u, 0xc1800000u, 0xc1000000u, 0xc1700000u,
    0xc1880000u, 0xc1980000u, 0xc1880000u, 0xc1700000u, 0xc0c00000u, 0x40c00000u, 0x41700000u, 0x41300000u,
    0xc1600000u, 0x40000000u, 0x41000000u, 0x41100000u, 0xc0e00000u, 0x40000000u, 0xc0c00000u, 0xc0000000u,
    0x41400000u, 0x41b80000u, 0x41200000u, 0x40400000u, 0x41a00000u, 0x41d80000u, 0x41880000u, 0x40a00000u,
};
static const nnef_run_tensor nrw_box_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 4}, nrw_d14, 0},
};
static const nnef_run_tensor nrw_box_constant_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 5, 4}, nrw_d15, 0},
};
/* box 3x3 border constant, explicit padding 1 */
static const char nrw_box_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_constant( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 4]);\n"
    "    y = box(x, size = [1, 1, 3, 3], border = 'constant', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrw_d16[] = {
    0xc0e00000u, 0xc0c00000u, 0x00000000u, 0xc1100000u, 0x41000000u, 0xc1100000u, 0xc0c00000u, 0xc1000000u,
    0xc1100000u, 0x40400000u, 0xc0800000u, 0x40e00000u, 0xbf800000u, 0x40000000u, 0xc0400000u, 0x40000000u,
    0xc0c00000u, 0xc0e00000u, 0x41000000u, 0xc0e00000u, 0xc0800000u, 0xc0400000u, 0x41000000u, 0x40c00000u,
    0xc1000000u, 0x40a00000u, 0x40c00000u, 0xc0000000u, 0xc0e00000u, 0xc0000000u, 0xc0800000u, 0x40400000u,
    0x40800000u, 0x3f800000u, 0x40400000u, 0xc0000000u, 0x40800000u, 0xc0c00000u, 0x41100000u, 0x40400000u,
    0x40c00000u, 0x41100000u, 0xbf800000u, 0xc0c00000u, 0x3f800000u, 0xc0000000u, 0xbf800000u, 0x41100000u,
    0xc0c00000u, 0x00000000u, 0x40000000u, 0x40c00000u, 0xbf800000u, 0xc0c00000u, 0x40c00000u, 0x40000000u,
    0xbf800000u, 0xc0000000u, 0x41000000u, 0xc0400000u, 0xc0800000u, 0xc0c00000u, 0xc1000000u, 0x00000000u,
    0xc1000000u, 0xc0c00000u, 0x41000000u, 0x40000000u, 0xc0c00000u, 0x41000000u, 0x40800000u, 0x40e00000u,
    0xc0000000u, 0x40c00000u, 0x40c00000u, 0xc0a00000u, 0x41100000u, 0xbf800000u, 0xc1000000u, 0xc1000000u,
    0x40e00000u, 0xc0000000u, 0xc0a00000u, 0x3f800000u,
};
static const uint32_t nrw_d17[] = {
    0xc1700000u, 0xc1980000u, 0xc1500000u, 0xc1300000u, 0xc0e00000u, 0xc1100000u, 0x40800000u, 0x41700000u,
    0x41300000u, 0xc0800000u, 0xc0a00000u, 0x3f800000u, 0xc1800000u, 0xc1c80000u, 0xc1700000u, 0xc1000000u,
    0xc0e00000u, 0xbf800000u,
};
static const nnef_run_tensor nrw_box_norm_constant_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 7, 6}, nrw_d16, 0},
};
static const nnef_run_tensor nrw_box_norm_constant_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 3, 3}, nrw_d17, 0},
};
/* box 2x3 normalize, border constant, stride 2, dilation 2 */
static const char nrw_box_norm_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_norm_constant( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 7, 6]);\n"
    "    y = box(x, size = [1, 2, 3], border = 'constant', padding = [(0, 0), (1, 0), (2, 2)], stride = [1, 2, 2], dilation = [1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d18[] = {
    0xc1980000u, 0xbf800000u, 0x40400000u, 0xc0800000u, 0x3f800000u, 0xc1900000u, 0xc1c80000u, 0x00000000u,
    0xc1500000u, 0xc1200000u, 0x41000000u, 0x41600000u, 0xc1b80000u, 0xc1b00000u, 0x41400000u, 0xc0400000u,
    0xc1700000u, 0xc0e00000u, 0x40c00000u, 0x40800000u, 0xc1880000u, 0x41700000u, 0xc1300000u, 0x41100000u,
    0x40e00000u, 0xc1c00000u, 0xc0c00000u, 0x41980000u, 0x40000000u, 0x41300000u, 0x41200000u, 0xc0a00000u,
    0xc0000000u, 0x41800000u, 0x41b00000u, 0xc1000000u, 0xc1a00000u, 0xc1100000u, 0x41a80000u, 0x41a00000u,
    0xc1400000u, 0x41880000u, 0x41900000u, 0x41c00000u, 0xc1a80000u, 0x40a00000u, 0x41b80000u, 0xc1600000u,
    0x41500000u, 0xc1800000u,
};
static const int32_t nrw_d19[] = {
    0, 0, 3, 2, 3, 5, 5, 4,
    0, 5, 3, 3, 2, 5, 3, 1,
    5, 4, 5, 1, 0, 3, 2, 3,
    2, 5, 4, 3, 2, 5, 3, 2,
    1, 5, 3, 1, 5, 5, 5, 4,
    5, 5, 4, 3, 2, 3, 3, 2,
    1, 0,
};
static const nnef_run_tensor nrw_argmax_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 5}, nrw_d18, 0},
};
static const nnef_run_tensor nrw_argmax_constant_out[] = {
    {"i", NNX_INT32, 4, {1, 2, 5, 5}, nrw_d19, 0},
};
/* argmax_pool 3x2 border constant, padding (1, 1) */
static const char nrw_argmax_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph argmax_constant( x ) -> ( i )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 5]);\n"
    "    i = argmax_pool(x, size = [1, 1, 3, 2], border = 'constant', padding = [(0, 0), (0, 0), (1, 1), (1, 0)]);\n"
    "}\n";
static const uint32_t nrw_d20[] = {
    0x00000000u, 0xc0400000u, 0xc0800000u, 0xc0e00000u, 0xc0c00000u, 0x40c00000u, 0xc0400000u, 0xc0a00000u,
    0x40c00000u, 0xc0000000u, 0x3f800000u, 0xc0e00000u, 0x40400000u, 0x41100000u, 0xc1000000u, 0x40000000u,
    0x40e00000u, 0x40000000u, 0x00000000u, 0xc0000000u, 0x40400000u, 0x40e00000u, 0xc0e00000u, 0xc0a00000u,
    0xc0a00000u, 0xc0c00000u, 0x40e00000u, 0xc0400000u, 0x40400000u, 0x41000000u, 0xc0800000u, 0xc0a00000u,
    0xc0800000u, 0x3f800000u, 0xc0000000u, 0x41000000u, 0x3f800000u, 0x40e00000u, 0x40400000u, 0xbf800000u,
    0x40400000u, 0x40e00000u, 0xc0000000u, 0x40800000u, 0x41000000u, 0x40800000u, 0x3f800000u, 0xc0400000u,
    0xc1100000u, 0xc0800000u, 0x41000000u, 0xc0c00000u, 0xc0e00000u, 0x41100000u, 0x3f800000u, 0x40c00000u,
    0xc1000000u, 0x40a00000u, 0xc0800000u, 0xc0a00000u, 0x40800000u, 0x40800000u, 0xc0800000u, 0x40000000u,
    0x40e00000u, 0xc1100000u, 0xc0a00000u, 0xc0800000u, 0x00000000u, 0x41100000u, 0xbf800000u, 0x40c00000u,
    0x41000000u, 0x40000000u, 0x40800000u, 0x40800000u, 0x3f800000u, 0xc1100000u, 0x40a00000u, 0xc0c00000u,
    0xc0a00000u, 0x00000000u, 0x40000000u, 0xc0c00000u, 0x00000000u, 0xc0400000u, 0xbf800000u, 0x40400000u,
    0x00000000u, 0xc0e00000u,
};
static const int32_t nrw_d21[] = {
    5, 2, 3, 4, 5, 5, 0, 2,
    5, 3, 4, 1, 0, 0, 1, 0,
    2, 0, 4, 1, 5, 4, 1, 2,
    0, 2, 5, 1, 4, 5, 1, 5,
    1, 2, 0, 5,
};
static const uint32_t nrw_d22[] = {
    0xc0400000u, 0x00000000u, 0xc0e00000u, 0x3f800000u, 0x41100000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x41000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x40400000u, 0x40400000u, 0x41000000u, 0xc0400000u, 0x00000000u, 0x00000000u, 0x40a00000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0xc1100000u, 0x41000000u, 0x00000000u, 0x40800000u, 0xc0c00000u,
    0xc0c00000u, 0xbf800000u, 0xbf800000u, 0x00000000u,
};
static const nnef_run_tensor nrw_sample_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 3, 6, 5}, nrw_d20, 0},
    {"index", NNX_INT32, 4, {1, 3, 4, 3}, nrw_d21, 0},
};
static const nnef_run_tensor nrw_sample_constant_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 3, 4, 3}, nrw_d22, 0},
};
/* sample 2x3 border constant, stride 2 */
static const char nrw_sample_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph sample_constant( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 3, 6, 5]);\n"
    "    index = external<integer>(shape = [1, 3, 4, 3]);\n"
    "    y = sample(x, index, size = [1, 1, 2, 3], border = 'constant', padding = [(0, 0), (0, 0), (1, 1), (1, 1)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d23[] = {
    0xc1100000u, 0xc0400000u, 0x41000000u, 0x41c00000u, 0x40000000u, 0xc0000000u, 0xc1e00000u, 0xc1500000u,
    0xc1b00000u, 0x41a00000u, 0xc0e00000u, 0xc1c00000u, 0xc1600000u, 0x41400000u, 0xc1d00000u, 0xc0800000u,
    0x41300000u, 0x41200000u, 0x3f800000u, 0x41100000u, 0x41600000u, 0xc1800000u, 0xc1700000u, 0xc1900000u,
    0xbf800000u, 0xc1400000u, 0x41980000u, 0x41e00000u, 0xc0a00000u, 0x40800000u, 0xc1000000u, 0xc1a80000u,
    0x41700000u, 0x40c00000u, 0x41900000u, 0xc1c80000u, 0x41500000u, 0x00000000u, 0xc1f00000u, 0x41d80000u,
    0x41b80000u, 0x41c80000u, 0x41d00000u, 0xc1200000u, 0xc0c00000u, 0x41e80000u, 0x40400000u, 0xc1300000u,
    0x41a80000u, 0xc1a00000u, 0xc1880000u, 0xc1b80000u, 0x41880000u, 0xc1980000u, 0x41800000u, 0x40e00000u,
    0x40a00000u, 0xc1e80000u, 0xc1d80000u, 0x41b00000u,
};
static const uint32_t nrw_d24[] = {
    0x00000000u, 0x41c00000u, 0x41c00000u, 0x41400000u, 0x41a00000u, 0x41a00000u, 0x41100000u, 0x41e00000u,
    0x41e00000u, 0x41500000u, 0x41d80000u, 0x41d80000u, 0x41d00000u, 0x41e80000u, 0x41e80000u, 0x41a80000u,
    0x40e00000u, 0x41b00000u,
};
static const nnef_run_tensor nrw_max_pool_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 6}, nrw_d23, 0},
};
static const nnef_run_tensor nrw_max_pool_constant_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrw_d24, 0},
};
/* max_pool 3x3 stride 2 border constant */
static const char nrw_max_pool_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph max_pool_constant( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 6]);\n"
    "    y = max_pool(x, size = [1, 1, 3, 3], border = 'constant', padding = [(0, 0), (0, 0), (1, 1), (1, 1)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d25[] = {
    0x40c00000u, 0xc0c00000u, 0x3f800000u, 0x40000000u, 0xbf800000u, 0xc0800000u, 0x40c00000u, 0x3f800000u,
    0x00000000u, 0xc0000000u, 0xc0c00000u, 0xc1100000u, 0xc0c00000u, 0xc0000000u, 0xc0a00000u, 0x40c00000u,
    0xc0c00000u, 0x41100000u, 0xc0400000u, 0xc1100000u, 0x40c00000u, 0xc0e00000u, 0xc1100000u, 0x40000000u,
    0xc1000000u, 0x41000000u, 0x3f800000u, 0x40e00000u, 0x00000000u, 0xc0c00000u, 0xc0a00000u, 0x41000000u,
    0xc0c00000u, 0x3f800000u, 0xc0e00000u, 0xc1100000u, 0x40800000u, 0xc0400000u, 0x40a00000u, 0xc0e00000u,
};
static const uint32_t nrw_d26[] = {
    0x3e638e39u, 0x3ee38e39u, 0x3ee38e39u, 0x3de38e39u, 0xbde38e39u, 0xbfb8e38eu, 0xbff1c71cu, 0xbfb8e38eu,
    0xbfaaaaabu, 0xbf638e39u, 0xbfb8e38eu, 0xbf800000u, 0xbf8e38e4u, 0xbff1c71cu, 0xc0155555u, 0xbfd55555u,
    0xbfaaaaabu, 0xbff1c71cu, 0xbfe38e39u, 0xc0071c72u, 0x3f638e39u, 0x3f2aaaabu, 0xbf2aaaabu, 0xbfc71c72u,
    0xbfaaaaabu, 0x3f9c71c7u, 0x3eaaaaabu, 0xbeaaaaabu, 0xc038e38eu, 0xc0000000u, 0x3f471c72u, 0x3f0e38e4u,
    0x3ff1c71cu, 0xbfe38e39u, 0xbfc71c72u, 0xbe638e39u, 0xbf9c71c7u, 0x3f800000u, 0xbff1c71cu, 0xbf638e39u,
};
static const nnef_run_tensor nrw_avg_pool_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 5}, nrw_d25, 0},
};
static const nnef_run_tensor nrw_avg_pool_constant_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 4, 5}, nrw_d26, 0},
};
/* avg_pool 3x3 border constant (ignore: in-bounds count) */
static const char nrw_avg_pool_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph avg_pool_constant( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 5]);\n"
    "    y = avg_pool(x, size = [1, 1, 3, 3], border = 'constant', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrw_d27[] = {
    0x40e00000u, 0xc0a00000u, 0x3f800000u, 0x40000000u, 0x40e00000u, 0x40000000u, 0x41000000u, 0x40400000u,
    0xc1000000u, 0xc0e00000u, 0xc1100000u, 0x41100000u, 0x40a00000u, 0x00000000u, 0x40a00000u, 0x40e00000u,
    0xc1100000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0000000u, 0xc0e00000u, 0xc0c00000u, 0x3f800000u,
    0xc0800000u, 0xc1000000u, 0x40400000u, 0xc0a00000u, 0x40c00000u, 0xc1000000u, 0xc0a00000u, 0xc1100000u,
    0x00000000u, 0x40c00000u, 0x41000000u, 0x3f800000u, 0x40c00000u, 0xc0c00000u, 0xc1000000u, 0xc1100000u,
};
static const uint32_t nrw_d28[] = {
    0x42080000u, 0x41b80000u, 0x41100000u, 0x41c00000u, 0x40000000u, 0xc0800000u, 0x40800000u, 0x41e00000u,
    0x40400000u, 0x40400000u, 0x41900000u, 0x42280000u, 0xc20c0000u, 0xc1f80000u, 0xc0e00000u, 0x41800000u,
    0xc2080000u, 0xc1c00000u, 0xc1400000u, 0xc0a00000u, 0xc2180000u, 0xc21c0000u, 0xc2080000u, 0xc1700000u,
    0xc1b80000u, 0xc1f80000u, 0xc2300000u, 0xc2080000u, 0xc0c00000u, 0xc0000000u, 0xc1880000u, 0xc1a00000u,
    0x41800000u, 0xbf800000u, 0xc1f00000u, 0xc21c0000u, 0x41900000u, 0xc0000000u, 0xc1f80000u, 0xc2280000u,
};
static const nnef_run_tensor nrw_box_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 4}, nrw_d27, 0},
};
static const nnef_run_tensor nrw_box_replicate_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 5, 4}, nrw_d28, 0},
};
/* box 3x3 border replicate, explicit padding 1 */
static const char nrw_box_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_replicate( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 4]);\n"
    "    y = box(x, size = [1, 1, 3, 3], border = 'replicate', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrw_d29[] = {
    0x40400000u, 0xc0a00000u, 0x40c00000u, 0x00000000u, 0xc0000000u, 0x41000000u, 0xc1000000u, 0xc0800000u,
    0xbf800000u, 0xbf800000u, 0xc0e00000u, 0x41100000u, 0xc0e00000u, 0xc1100000u, 0xc0c00000u, 0xbf800000u,
    0xc0e00000u, 0x3f800000u, 0x3f800000u, 0x00000000u, 0xc0400000u, 0x40400000u, 0x41000000u, 0xc0c00000u,
    0xc0e00000u, 0xbf800000u, 0xbf800000u, 0xc0c00000u, 0x00000000u, 0x40800000u, 0x40800000u, 0x40800000u,
    0x40400000u, 0x41100000u, 0xc0800000u, 0xc0e00000u, 0x3f800000u, 0xc1100000u, 0x40c00000u, 0xc0000000u,
    0xc1000000u, 0xc1000000u, 0x3f800000u, 0x40000000u, 0xc1000000u, 0xc0000000u, 0xc0c00000u, 0xbf800000u,
    0x40a00000u, 0x40a00000u, 0x00000000u, 0xc0800000u, 0x40400000u, 0xc1000000u, 0x40800000u, 0xc0800000u,
    0x41100000u, 0x40e00000u, 0xc0a00000u, 0xc0800000u, 0x40c00000u, 0x41100000u, 0x40400000u, 0x40800000u,
    0x40a00000u, 0x40000000u, 0x41000000u, 0x40c00000u, 0xc0000000u, 0xc0400000u, 0x40e00000u, 0xc0000000u,
    0xc1000000u, 0x41100000u, 0xc0e00000u, 0x40a00000u, 0xc0400000u, 0x40a00000u, 0x40400000u, 0x40000000u,
    0x41100000u, 0x40e00000u, 0x41100000u, 0xc0800000u,
};
static const uint32_t nrw_d30[] = {
    0xc0a00000u, 0xc1100000u, 0x41500000u, 0xc1900000u, 0xc1200000u, 0x00000000u, 0x41200000u, 0x41100000u,
    0xc1100000u, 0x40800000u, 0xc0a00000u, 0xc1a00000u, 0x41c80000u, 0x41b00000u, 0x40a00000u, 0xc1000000u,
    0xc0800000u, 0x40a00000u,
};
static const nnef_run_tensor nrw_box_norm_replicate_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 7, 6}, nrw_d29, 0},
};
static const nnef_run_tensor nrw_box_norm_replicate_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 3, 3}, nrw_d30, 0},
};
/* box 2x3 normalize, border replicate, stride 2, dilation 2 */
static const char nrw_box_norm_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_norm_replicate( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 7, 6]);\n"
    "    y = box(x, size = [1, 2, 3], border = 'replicate', padding = [(0, 0), (1, 0), (2, 2)], stride = [1, 2, 2], dilation = [1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d31[] = {
    0x41900000u, 0xc1b80000u, 0x41c00000u, 0x41a00000u, 0xc0000000u, 0xc0800000u, 0x41b80000u, 0xc1880000u,
    0x41400000u, 0xc0a00000u, 0xc0c00000u, 0xbf800000u, 0xc1980000u, 0x3f800000u, 0x41000000u, 0xc1800000u,
    0x41980000u, 0xc1300000u, 0x41a80000u, 0x00000000u, 0xc1200000u, 0xc1700000u, 0xc0400000u, 0xc1a00000u,
    0x40800000u, 0xc0e00000u, 0xc1400000u, 0xc1a80000u, 0x41200000u, 0x41880000u, 0xc1500000u, 0xc1000000u,
    0x40000000u, 0xc1b00000u, 0xc1600000u, 0x41700000u, 0x41500000u, 0xc1900000u, 0xc1100000u, 0x40c00000u,
    0x41600000u, 0x41300000u, 0x41800000u, 0xc1c00000u, 0x40a00000u, 0x41100000u, 0x40e00000u, 0x40400000u,
    0xc1c80000u, 0x41b00000u,
};
static const int32_t nrw_d32[] = {
    0, 5, 1, 0, 0, 0, 3, 1,
    0, 0, 0, 1, 0, 5, 4, 0,
    3, 2, 3, 2, 2, 1, 0, 1,
    0, 0, 0, 5, 1, 1, 4, 4,
    4, 1, 1, 2, 2, 5, 4, 3,
    0, 0, 3, 2, 5, 0, 0, 1,
    0, 3,
};
static const nnef_run_tensor nrw_argmax_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 5}, nrw_d31, 0},
};
static const nnef_run_tensor nrw_argmax_replicate_out[] = {
    {"i", NNX_INT32, 4, {1, 2, 5, 5}, nrw_d32, 0},
};
/* argmax_pool 3x2 border replicate, padding (1, 1) */
static const char nrw_argmax_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph argmax_replicate( x ) -> ( i )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 5]);\n"
    "    i = argmax_pool(x, size = [1, 1, 3, 2], border = 'replicate', padding = [(0, 0), (0, 0), (1, 1), (1, 0)]);\n"
    "}\n";
static const uint32_t nrw_d33[] = {
    0x41100000u, 0xc0400000u, 0xc0c00000u, 0xbf800000u, 0x40400000u, 0xc0800000u, 0x40400000u, 0xc1100000u,
    0xc0e00000u, 0xc0000000u, 0x41000000u, 0x3f800000u, 0x40a00000u, 0x40e00000u, 0x3f800000u, 0x00000000u,
    0x40c00000u, 0x40800000u, 0xc0c00000u, 0xc0400000u, 0x40a00000u, 0xbf800000u, 0x40000000u, 0x41000000u,
    0x41100000u, 0x40000000u, 0xc0400000u, 0xc1100000u, 0xc0c00000u, 0x41000000u, 0x40000000u, 0xc0a00000u,
    0x40800000u, 0x40e00000u, 0xc0800000u, 0xc0e00000u, 0x41000000u, 0x40a00000u, 0x41000000u, 0x40800000u,
    0xc0000000u, 0xc0c00000u, 0xc0000000u, 0x40800000u, 0xc0e00000u, 0x41000000u, 0x40400000u, 0x40e00000u,
    0x40a00000u, 0x40c00000u, 0x40e00000u, 0x00000000u, 0xc0a00000u, 0x41000000u, 0xc0c00000u, 0x41000000u,
    0xc1000000u, 0xc0000000u, 0x40a00000u, 0xc0c00000u, 0x3f800000u, 0x3f800000u, 0x40c00000u, 0xc0a00000u,
    0xc0800000u, 0x41100000u, 0x40000000u, 0x41100000u, 0x40e00000u, 0xc0c00000u, 0x40e00000u, 0x40400000u,
    0x3f800000u, 0x41000000u, 0x40c00000u, 0x40000000u, 0xc0a00000u, 0xc0000000u, 0xc0400000u, 0x41100000u,
    0xc0800000u, 0xc0000000u, 0xc1100000u, 0xbf800000u, 0x40400000u, 0xc0a00000u, 0x40800000u, 0x40c00000u,
    0xc0800000u, 0xc1100000u,
};
static const int32_t nrw_d34[] = {
    1, 1, 1, 1, 2, 3, 2, 1,
    0, 5, 2, 3, 0, 1, 3, 2,
    2, 5, 1, 4, 3, 0, 2, 5,
    3, 1, 1, 1, 3, 2, 0, 3,
    1, 1, 2, 1,
};
static const uint32_t nrw_d35[] = {
    0x41100000u, 0xc0c00000u, 0x40400000u, 0xc0800000u, 0xc0e00000u, 0x40e00000u, 0x40c00000u, 0x40800000u,
    0xc0c00000u, 0xc0400000u, 0xc0c00000u, 0xc0c00000u, 0x40000000u, 0x40800000u, 0x40e00000u, 0x41000000u,
    0x41000000u, 0xc0e00000u, 0x41000000u, 0xc0a00000u, 0x41000000u, 0x41000000u, 0x40a00000u, 0xc0c00000u,
    0x3f800000u, 0x40c00000u, 0xc0800000u, 0x41100000u, 0x40400000u, 0xc0c00000u, 0x40000000u, 0xc0000000u,
    0x41100000u, 0xc0a00000u, 0xc0800000u, 0xc1100000u,
};
static const nnef_run_tensor nrw_sample_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 3, 6, 5}, nrw_d33, 0},
    {"index", NNX_INT32, 4, {1, 3, 4, 3}, nrw_d34, 0},
};
static const nnef_run_tensor nrw_sample_replicate_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 3, 4, 3}, nrw_d35, 0},
};
/* sample 2x3 border replicate, stride 2 */
static const char nrw_sample_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph sample_replicate( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 3, 6, 5]);\n"
    "    index = external<integer>(shape = [1, 3, 4, 3]);\n"
    "    y = sample(x, index, size = [1, 1, 2, 3], border = 'replicate', padding = [(0, 0), (0, 0), (1, 1), (1, 1)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d36[] = {
    0x41400000u, 0x41300000u, 0xc1d00000u, 0xc1c80000u, 0x41980000u, 0x40400000u, 0x00000000u, 0xc0a00000u,
    0x41a80000u, 0xc1300000u, 0xc1400000u, 0xc1c00000u, 0xc1000000u, 0x3f800000u, 0xc1a00000u, 0x41200000u,
    0xc1b80000u, 0x41e80000u, 0x41700000u, 0x41e00000u, 0x41b80000u, 0xc1100000u, 0xc1980000u, 0x41000000u,
    0x41880000u, 0xc1800000u, 0x40c00000u, 0xc1e00000u, 0xc1500000u, 0xc1200000u, 0x41d80000u, 0xc0c00000u,
    0x40a00000u, 0xc0800000u, 0x40e00000u, 0x41c80000u, 0x41100000u, 0x41500000u, 0xc1f00000u, 0x40800000u,
    0x41800000u, 0x41a00000u, 0x41c00000u, 0x41d00000u, 0xc1700000u, 0xc1880000u, 0x41600000u, 0x41900000u,
    0xc1600000u, 0xc0e00000u, 0xc0000000u, 0xbf800000u, 0xc1a80000u, 0xc1e80000u, 0x41b00000u, 0xc1900000u,
    0xc1b00000u, 0xc0400000u, 0xc1d80000u, 0x40000000u,
};
static const uint32_t nrw_d37[] = {
    0x41400000u, 0x41a80000u, 0x41980000u, 0x41e00000u, 0x41e00000u, 0x41e80000u, 0x41e00000u, 0x41e00000u,
    0x41000000u, 0x41d80000u, 0x41500000u, 0x41c80000u, 0x41d00000u, 0x41d00000u, 0x41a00000u, 0x41b00000u,
    0xbf800000u, 0x40000000u,
};
static const nnef_run_tensor nrw_max_pool_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 6}, nrw_d36, 0},
};
static const nnef_run_tensor nrw_max_pool_replicate_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrw_d37, 0},
};
/* max_pool 3x3 stride 2 border replicate */
static const char nrw_max_pool_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph max_pool_replicate( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 6]);\n"
    "    y = max_pool(x, size = [1, 1, 3, 3], border = 'replicate', padding = [(0, 0), (0, 0), (1, 1), (1, 1)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d38[] = {
    0x40c00000u, 0x00000000u, 0x40c00000u, 0xc0000000u, 0x41000000u, 0x40a00000u, 0xc0c00000u, 0xc0400000u,
    0x40000000u, 0xbf800000u, 0x40000000u, 0x40e00000u, 0xc0800000u, 0x40400000u, 0x40e00000u, 0x3f800000u,
    0xc1000000u, 0xc0000000u, 0xc0e00000u, 0xc0800000u, 0xc1100000u, 0xc0a00000u, 0xc1000000u, 0xbf800000u,
    0xc0000000u, 0x00000000u, 0xc0a00000u, 0x40800000u, 0x40000000u, 0xc0000000u, 0xc0800000u, 0xc1000000u,
    0xc1100000u, 0x40c00000u, 0xc0e00000u, 0xc0400000u, 0x41000000u, 0xc1100000u, 0x3f800000u, 0xc1100000u,
};
static const uint32_t nrw_d39[] = {
    0x40471c72u, 0x400e38e4u, 0x3de38e39u, 0x401c71c7u, 0x40471c72u, 0x40400000u, 0x3fb8e38eu, 0x3eaaaaabu,
    0x3fe38e39u, 0x405c71c7u, 0x3f800000u, 0xbf638e39u, 0xc0000000u, 0xbf800000u, 0x3e638e39u, 0xbde38e39u,
    0xbfb8e38eu, 0xc0471c72u, 0xc00e38e4u, 0xbfb8e38eu, 0xc0b55555u, 0xc0a00000u, 0xc0400000u, 0xc0000000u,
    0xbfaaaaabu, 0xc09c71c7u, 0xc09c71c7u, 0xc02aaaabu, 0xbff1c71cu, 0xbfd55555u, 0xc0071c72u, 0xc038e38eu,
    0xbf8e38e4u, 0xc0238e39u, 0xc0400000u, 0xbfaaaaabu, 0xc04e38e4u, 0xbf9c71c7u, 0xc09c71c7u, 0xc0955555u,
};
static const nnef_run_tensor nrw_avg_pool_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 5}, nrw_d38, 0},
};
static const nnef_run_tensor nrw_avg_pool_replicate_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 4, 5}, nrw_d39, 0},
};
/* avg_pool 3x3 border replicate (ignore: in-bounds count) */
static const char nrw_avg_pool_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph avg_pool_replicate( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 5]);\n"
    "    y = avg_pool(x, size = [1, 1, 3, 3], border = 'replicate', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrw_d40[] = {
    0x40000000u, 0xc0e00000u, 0xbf800000u, 0x40400000u, 0xc0000000u, 0x40e00000u, 0xc0e00000u, 0x3f800000u,
    0xc0e00000u, 0x40000000u, 0x40c00000u, 0xc0000000u, 0x40800000u, 0x40a00000u, 0x40e00000u, 0xbf800000u,
    0x40e00000u, 0x40c00000u, 0x40a00000u, 0xc0000000u, 0x40a00000u, 0x40e00000u, 0xc0400000u, 0xc1000000u,
    0x3f800000u, 0x40e00000u, 0x40800000u, 0xc0c00000u, 0xbf800000u, 0xc0400000u, 0x40a00000u, 0x40000000u,
    0x41000000u, 0x40000000u, 0xc1100000u, 0x00000000u, 0xc0e00000u, 0x00000000u, 0xc0a00000u, 0xc0a00000u,
};
static const uint32_t nrw_d41[] = {
    0x41400000u, 0xc1200000u, 0xc0400000u, 0xc1c80000u, 0xc0400000u, 0xc0e00000u, 0x40000000u, 0xc0000000u,
    0x41b80000u, 0x41700000u, 0x41900000u, 0x41200000u, 0x41f00000u, 0x420c0000u, 0x41d00000u, 0x41f80000u,
    0x423c0000u, 0x42480000u, 0x41f80000u, 0x42080000u, 0x42440000u, 0x42040000u, 0x40c00000u, 0xc1200000u,
    0x41d80000u, 0x41b00000u, 0x40a00000u, 0x00000000u, 0x41a00000u, 0x41600000u, 0x40000000u, 0xc0800000u,
    0xc0000000u, 0xc1200000u, 0xc1500000u, 0xc1a80000u, 0x41880000u, 0xc1200000u, 0xc1c00000u, 0xc24c0000u,
};
static const nnef_run_tensor nrw_box_reflect_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 4}, nrw_d40, 0},
};
static const nnef_run_tensor nrw_box_reflect_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 5, 4}, nrw_d41, 0},
};
/* box 3x3 border reflect, explicit padding 1 */
static const char nrw_box_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_reflect( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 4]);\n"
    "    y = box(x, size = [1, 1, 3, 3], border = 'reflect', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrw_d42[] = {
    0x41100000u, 0x40400000u, 0x00000000u, 0x40c00000u, 0x40000000u, 0xbf800000u, 0xc0800000u, 0x40800000u,
    0xc0800000u, 0x41100000u, 0x41000000u, 0x41000000u, 0x3f800000u, 0x40800000u, 0xc0000000u, 0xc1100000u,
    0x40000000u, 0x40e00000u, 0xc0a00000u, 0xc0800000u, 0x40a00000u, 0x41100000u, 0x00000000u, 0x3f800000u,
    0xc1100000u, 0xbf800000u, 0x40c00000u, 0x41100000u, 0x41000000u, 0x40800000u, 0xc0400000u, 0x40c00000u,
    0x40400000u, 0x40800000u, 0x40000000u, 0xbf800000u, 0x40a00000u, 0xc0c00000u, 0xc0e00000u, 0xc0c00000u,
    0x41100000u, 0xc0e00000u, 0x41000000u, 0xc1000000u, 0x3f800000u, 0x41100000u, 0xc0400000u, 0x41000000u,
    0xc0e00000u, 0x40a00000u, 0xc1100000u, 0xc0a00000u, 0xc0c00000u, 0xc0000000u, 0x40e00000u, 0x40a00000u,
    0x40c00000u, 0xc0e00000u, 0x40400000u, 0xc0000000u, 0xc1100000u, 0xbf800000u, 0xc0400000u, 0xc0000000u,
    0x40800000u, 0x3f800000u, 0x40c00000u, 0xc1100000u, 0xc0400000u, 0x40c00000u, 0x40c00000u, 0xc0800000u,
    0x00000000u, 0x3f800000u, 0xc1100000u, 0x40800000u, 0xc0e00000u, 0xc0c00000u, 0xc0400000u, 0xc0a00000u,
    0xc0400000u, 0x40c00000u, 0x40000000u, 0x41000000u,
};
static const uint32_t nrw_d43[] = {
    0xc1c00000u, 0x00000000u, 0x41c00000u, 0xc0e00000u, 0x00000000u, 0x41880000u, 0x41000000u, 0x40000000u,
    0x41400000u, 0xc2480000u, 0xc2300000u, 0xc2280000u, 0xc2200000u, 0xc1f00000u, 0xc1800000u, 0xc2040000u,
    0xc1c00000u, 0xc1900000u,
};
static const nnef_run_tensor nrw_box_norm_reflect_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 7, 6}, nrw_d42, 0},
};
static const nnef_run_tensor nrw_box_norm_reflect_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 3, 3}, nrw_d43, 0},
};
/* box 2x3 normalize, border reflect, stride 2, dilation 2 */
static const char nrw_box_norm_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_norm_reflect( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 7, 6]);\n"
    "    y = box(x, size = [1, 2, 3], border = 'reflect', padding = [(0, 0), (1, 0), (2, 2)], stride = [1, 2, 2], dilation = [1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d44[] = {
    0xc0800000u, 0x41a00000u, 0xc1400000u, 0xc1700000u, 0x41100000u, 0x40a00000u, 0x41400000u, 0x40000000u,
    0xc1800000u, 0xc1500000u, 0xc1a00000u, 0xbf800000u, 0xc1c00000u, 0x41880000u, 0xc1300000u, 0xc0000000u,
    0xc1600000u, 0x00000000u, 0xc0c00000u, 0xc1980000u, 0x41200000u, 0x41b00000u, 0x41300000u, 0xc0e00000u,
    0xc1c80000u, 0x41500000u, 0x41000000u, 0xc1200000u, 0x3f800000u, 0xc1000000u, 0x41a80000u, 0x40e00000u,
    0x40400000u, 0x41600000u, 0xc1100000u, 0xc0a00000u, 0x41700000u, 0x41900000u, 0x41980000u, 0xc1b00000u,
    0x40800000u, 0x41800000u, 0xc1900000u, 0x41c00000u, 0x41b80000u, 0xc1b80000u, 0x40c00000u, 0xc1a80000u,
    0xc1880000u, 0xc0400000u,
};
static const int32_t nrw_d45[] = {
    2, 3, 2, 0, 3, 0, 1, 0,
    5, 4, 0, 1, 0, 3, 2, 4,
    5, 4, 1, 0, 2, 3, 2, 2,
    0, 1, 0, 2, 1, 0, 3, 2,
    5, 5, 4, 1, 0, 3, 5, 4,
    2, 3, 1, 3, 2, 0, 1, 0,
    1, 0,
};
static const nnef_run_tensor nrw_argmax_reflect_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 5}, nrw_d44, 0},
};
static const nnef_run_tensor nrw_argmax_reflect_out[] = {
    {"i", NNX_INT32, 4, {1, 2, 5, 5}, nrw_d45, 0},
};
/* argmax_pool 3x2 border reflect, padding (1, 1) */
static const char nrw_argmax_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph argmax_reflect( x ) -> ( i )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 5]);\n"
    "    i = argmax_pool(x, size = [1, 1, 3, 2], border = 'reflect', padding = [(0, 0), (0, 0), (1, 1), (1, 0)]);\n"
    "}\n";
static const uint32_t nrw_d46[] = {
    0x40e00000u, 0xc0a00000u, 0xc1100000u, 0xc1100000u, 0x41100000u, 0x40a00000u, 0xc1000000u, 0xc1100000u,
    0x40a00000u, 0x40800000u, 0x40e00000u, 0xc0800000u, 0xc0a00000u, 0xc0800000u, 0xc0400000u, 0x40800000u,
    0x00000000u, 0x41100000u, 0xc0000000u, 0xc0000000u, 0x40000000u, 0xc0800000u, 0x40800000u, 0xc0c00000u,
    0x40e00000u, 0x41000000u, 0xc0800000u, 0xc0a00000u, 0x3f800000u, 0xc0e00000u, 0x3f800000u, 0xc0e00000u,
    0x40000000u, 0x40e00000u, 0x41100000u, 0x41000000u, 0xbf800000u, 0xc0c00000u, 0x40e00000u, 0x40000000u,
    0xc0800000u, 0xc0400000u, 0xc0a00000u, 0xc0a00000u, 0x40e00000u, 0x00000000u, 0x00000000u, 0xc1000000u,
    0xc0400000u, 0x40400000u, 0xc0800000u, 0x40000000u, 0xc0000000u, 0xc0000000u, 0xc0e00000u, 0xc1100000u,
    0x40a00000u, 0xc0c00000u, 0xc0800000u, 0xc0e00000u, 0xc0a00000u, 0xc0a00000u, 0xbf800000u, 0xc0c00000u,
    0xc1000000u, 0xc0400000u, 0x40800000u, 0xc0a00000u, 0x40800000u, 0xbf800000u, 0xbf800000u, 0x40c00000u,
    0x00000000u, 0xc0e00000u, 0x40a00000u, 0xc0800000u, 0x3f800000u, 0xc0a00000u, 0x40000000u, 0x40000000u,
    0x3f800000u, 0xc1100000u, 0x41100000u, 0xc1000000u, 0x40800000u, 0x41000000u, 0x40a00000u, 0xc0e00000u,
    0xc0400000u, 0x40e00000u,
};
static const int32_t nrw_d47[] = {
    1, 1, 3, 2, 5, 0, 3, 0,
    5, 2, 0, 3, 5, 1, 5, 0,
    2, 0, 1, 4, 4, 3, 2, 0,
    4, 2, 4, 1, 2, 1, 5, 5,
    4, 5, 1, 3,
};
static const uint32_t nrw_d48[] = {
    0x40a00000u, 0xc1100000u, 0xc1100000u, 0xc1000000u, 0xc0800000u, 0x40a00000u, 0xc0800000u, 0x00000000u,
    0xc0c00000u, 0xc0800000u, 0xc0800000u, 0xc0c00000u, 0xc0e00000u, 0xc0c00000u, 0x40e00000u, 0xbf800000u,
    0x40e00000u, 0x40e00000u, 0x00000000u, 0xc0000000u, 0xc0e00000u, 0x40000000u, 0xc0800000u, 0xc0800000u,
    0xc0a00000u, 0x40800000u, 0xc1000000u, 0xc0400000u, 0x40800000u, 0xbf800000u, 0xc1100000u, 0xc1000000u,
    0x40800000u, 0xc1100000u, 0xc0e00000u, 0xc1000000u,
};
static const nnef_run_tensor nrw_sample_reflect_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 3, 6, 5}, nrw_d46, 0},
    {"index", NNX_INT32, 4, {1, 3, 4, 3}, nrw_d47, 0},
};
static const nnef_run_tensor nrw_sample_reflect_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 3, 4, 3}, nrw_d48, 0},
};
/* sample 2x3 border reflect, stride 2 */
static const char nrw_sample_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph sample_reflect( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 3, 6, 5]);\n"
    "    index = external<integer>(shape = [1, 3, 4, 3]);\n"
    "    y = sample(x, index, size = [1, 1, 2, 3], border = 'reflect', padding = [(0, 0), (0, 0), (1, 1), (1, 1)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d49[] = {
    0x41700000u, 0xbf800000u, 0xc1e80000u, 0x00000000u, 0x41300000u, 0x41100000u, 0xc1100000u, 0xc1400000u,
    0xc1f00000u, 0xc1000000u, 0x41600000u, 0x41d00000u, 0x41880000u, 0xc0a00000u, 0x3f800000u, 0x41980000u,
    0x41c00000u, 0x41800000u, 0xc0000000u, 0x41900000u, 0xc1900000u, 0xc0e00000u, 0xc1800000u, 0xc1c00000u,
    0x41200000u, 0x40800000u, 0x40000000u, 0x41500000u, 0x40400000u, 0xc1300000u, 0x40e00000u, 0xc1b00000u,
    0xc1c80000u, 0x41e80000u, 0xc1500000u, 0x41e00000u, 0xc1d80000u, 0x41b00000u, 0x40c00000u, 0x41400000u,
    0x41b80000u, 0xc1200000u, 0x41c80000u, 0x41a80000u, 0xc1600000u, 0x40a00000u, 0xc1b80000u, 0xc1880000u,
    0xc1d00000u, 0xc0c00000u, 0x41d80000u, 0xc1700000u, 0x41a00000u, 0xc0400000u, 0xc1e00000u, 0xc0800000u,
    0xc1980000u, 0xc1a00000u, 0x41000000u, 0xc1a80000u,
};
static const uint32_t nrw_d50[] = {
    0x41700000u, 0x00000000u, 0x41d00000u, 0x41900000u, 0x41980000u, 0x41d00000u, 0x41900000u, 0x41900000u,
    0x41500000u, 0x41b00000u, 0x41e80000u, 0x41e80000u, 0x41c80000u, 0x41d80000u, 0x41b80000u, 0xc0800000u,
    0x41d80000u, 0x41a00000u,
};
static const nnef_run_tensor nrw_max_pool_reflect_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 6}, nrw_d49, 0},
};
static const nnef_run_tensor nrw_max_pool_reflect_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrw_d50, 0},
};
/* max_pool 3x3 stride 2 border reflect */
static const char nrw_max_pool_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph max_pool_reflect( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 6]);\n"
    "    y = max_pool(x, size = [1, 1, 3, 3], border = 'reflect', padding = [(0, 0), (0, 0), (1, 1), (1, 1)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d51[] = {
    0x40c00000u, 0x40c00000u, 0xc0c00000u, 0xbf800000u, 0x41000000u, 0x3f800000u, 0xc0a00000u, 0xc0a00000u,
    0xc0c00000u, 0x00000000u, 0xc0a00000u, 0x40e00000u, 0x3f800000u, 0xbf800000u, 0x41000000u, 0x41100000u,
    0xc0800000u, 0x41100000u, 0xc0800000u, 0x40a00000u, 0xc0000000u, 0x40c00000u, 0x40400000u, 0xc0400000u,
    0x40a00000u, 0xc0a00000u, 0x40400000u, 0xbf800000u, 0xc0a00000u, 0xc0400000u, 0xbf800000u, 0x40c00000u,
    0x00000000u, 0x41000000u, 0xc0400000u, 0xc0800000u, 0xc1000000u, 0xc0000000u, 0x00000000u, 0x00000000u,
};
static const uint32_t nrw_d52[] = {
    0x00000000u, 0xbfaaaaabu, 0xc06aaaabu, 0xc0155555u, 0xc0000000u, 0x40000000u, 0x00000000u, 0xbf8e38e4u,
    0xbe638e39u, 0x00000000u, 0x3de38e39u, 0x3f638e39u, 0xbf638e39u, 0x3f471c72u, 0xbf800000u, 0x40071c72u,
    0x400e38e4u, 0x3fd55555u, 0x4038e38eu, 0x3f800000u, 0x3faaaaabu, 0x3de38e39u, 0x00000000u, 0xbfb8e38eu,
    0xc0400000u, 0x401c71c7u, 0x3f800000u, 0x3ff1c71cu, 0x3de38e39u, 0xbde38e39u, 0xbf638e39u, 0xbfaaaaabu,
    0x3de38e39u, 0xbf2aaaabu, 0x00000000u, 0x3e638e39u, 0xbee38e39u, 0x40000000u, 0x3f638e39u, 0x4038e38eu,
};
static const nnef_run_tensor nrw_avg_pool_reflect_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 5}, nrw_d51, 0},
};
static const nnef_run_tensor nrw_avg_pool_reflect_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 4, 5}, nrw_d52, 0},
};
/* avg_pool 3x3 border reflect (ignore: in-bounds count) */
static const char nrw_avg_pool_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph avg_pool_reflect( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 5]);\n"
    "    y = avg_pool(x, size = [1, 1, 3, 3], border = 'reflect', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrw_d53[] = {
    0x41000000u, 0xc1100000u, 0xc0400000u, 0xc0c00000u, 0x40800000u, 0xc0400000u, 0x41000000u, 0xbf800000u,
    0x40c00000u, 0xc0400000u, 0xc0000000u, 0xc0e00000u, 0xc0800000u, 0xc1100000u, 0x40400000u, 0xc0000000u,
    0xc0e00000u, 0x40000000u, 0xc0000000u, 0xc0e00000u, 0x40800000u, 0x41000000u, 0x41100000u, 0xc1100000u,
    0xc1000000u, 0x40c00000u, 0x41100000u, 0x3f800000u, 0xc0a00000u, 0x3f800000u, 0xc1000000u, 0xbf800000u,
    0xc1100000u, 0xc0400000u, 0xc1000000u, 0xc1000000u, 0x40e00000u, 0x40800000u, 0xc0c00000u, 0x41100000u,
};
static const uint32_t nrw_d54[] = {
    0x41980000u, 0x3f800000u, 0xc2000000u, 0xc1c00000u, 0x41a80000u, 0x40c00000u, 0xc1d00000u, 0xc1c80000u,
    0xc0400000u, 0x00000000u, 0xc1800000u, 0xc1300000u, 0xc1a00000u, 0xc1800000u, 0xc1d80000u, 0xc2040000u,
    0xc2240000u, 0xc1c00000u, 0xc1b00000u, 0xc2040000u, 0x41b00000u, 0x42440000u, 0x42000000u, 0xc0e00000u,
    0xc0400000u, 0x41800000u, 0x41800000u, 0xc1000000u, 0xc2200000u, 0xc1c80000u, 0xc1300000u, 0xc1b80000u,
    0xc1400000u, 0xc1d80000u, 0xc1a00000u, 0xc1b00000u, 0x41700000u, 0xc1200000u, 0xc0a00000u, 0x00000000u,
};
static const nnef_run_tensor nrw_box_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 4}, nrw_d53, 0},
};
static const nnef_run_tensor nrw_box_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 5, 4}, nrw_d54, 0},
};
/* box 3x3 border reflect-even, explicit padding 1 */
static const char nrw_box_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_reflect_even( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 4]);\n"
    "    y = box(x, size = [1, 1, 3, 3], border = 'reflect-even', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrw_d55[] = {
    0x3f800000u, 0xc0400000u, 0x41100000u, 0x40a00000u, 0xc0e00000u, 0x3f800000u, 0xc0800000u, 0x41000000u,
    0x40800000u, 0xbf800000u, 0x40a00000u, 0x40e00000u, 0xc0c00000u, 0xc0a00000u, 0xc0a00000u, 0x3f800000u,
    0x41100000u, 0x40a00000u, 0x40c00000u, 0x00000000u, 0x40a00000u, 0x41100000u, 0x41000000u, 0xbf800000u,
    0xc0800000u, 0x40400000u, 0xc1000000u, 0x40400000u, 0xc0e00000u, 0xc0000000u, 0x41100000u, 0xc0a00000u,
    0x40800000u, 0x00000000u, 0xc1000000u, 0x3f800000u, 0xc1000000u, 0xc0a00000u, 0xc0000000u, 0x40000000u,
    0xc1100000u, 0xc0400000u, 0xbf800000u, 0x00000000u, 0xc1000000u, 0x40e00000u, 0xc1100000u, 0xc0a00000u,
    0xc0a00000u, 0x40800000u, 0xc0000000u, 0x40400000u, 0xc0a00000u, 0x40800000u, 0xbf800000u, 0x40a00000u,
    0x41000000u, 0x40c00000u, 0xc0c00000u, 0x41000000u, 0xc0a00000u, 0xc0800000u, 0x40800000u, 0x40800000u,
    0xc0a00000u, 0xc0e00000u, 0x40400000u, 0x40a00000u, 0xc1100000u, 0xc0400000u, 0xc1100000u, 0xc1000000u,
    0x40800000u, 0x41100000u, 0xc0a00000u, 0x41100000u, 0xc1100000u, 0xbf800000u, 0xc0400000u, 0x00000000u,
    0xc1000000u, 0x40c00000u, 0xc0000000u, 0x40000000u,
};
static const uint32_t nrw_d56[] = {
    0x41700000u, 0x41000000u, 0x41980000u, 0x41980000u, 0x41c00000u, 0x41e00000u, 0x41980000u, 0x41c00000u,
    0x41100000u, 0xc1400000u, 0xc1f00000u, 0xc1c80000u, 0xc1000000u, 0xc1900000u, 0xc1300000u, 0x40400000u,
    0xc1800000u, 0xc1b80000u,
};
static const nnef_run_tensor nrw_box_norm_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 7, 6}, nrw_d55, 0},
};
static const nnef_run_tensor nrw_box_norm_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 3, 3}, nrw_d56, 0},
};
/* box 2x3 normalize, border reflect-even, stride 2, dilation 2 */
static const char nrw_box_norm_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_norm_reflect_even( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 7, 6]);\n"
    "    y = box(x, size = [1, 2, 3], border = 'reflect-even', padding = [(0, 0), (1, 0), (2, 2)], stride = [1, 2, 2], dilation = [1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d57[] = {
    0xc1800000u, 0x41500000u, 0xc1900000u, 0xc1300000u, 0x41880000u, 0xc0e00000u, 0x41b80000u, 0x41400000u,
    0xc1700000u, 0xc1500000u, 0x40000000u, 0xc1600000u, 0x40e00000u, 0x41980000u, 0x41700000u, 0xc0000000u,
    0x41c00000u, 0x41900000u, 0x41a00000u, 0x40800000u, 0x41300000u, 0xbf800000u, 0x41a80000u, 0xc0400000u,
    0xc0800000u, 0x41600000u, 0xc1880000u, 0xc1c80000u, 0xc1200000u, 0x41000000u, 0x3f800000u, 0x40c00000u,
    0xc1400000u, 0xc1a00000u, 0x41100000u, 0xc1100000u, 0xc0c00000u, 0xc1b80000u, 0x40a00000u, 0xc1b00000u,
    0x40400000u, 0x41800000u, 0x41200000u, 0x00000000u, 0xc1000000u, 0xc0a00000u, 0xc1c00000u, 0xc1a80000u,
    0xc1980000u, 0x41b00000u,
};
static const int32_t nrw_d58[] = {
    4, 5, 4, 4, 1, 4, 3, 2,
    5, 4, 2, 5, 4, 5, 4, 4,
    3, 2, 4, 2, 2, 1, 0, 2,
    0, 0, 0, 4, 1, 5, 0, 0,
    2, 5, 3, 4, 5, 4, 4, 1,
    2, 3, 2, 2, 5, 0, 1, 0,
    0, 3,
};
static const nnef_run_tensor nrw_argmax_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 5}, nrw_d57, 0},
};
static const nnef_run_tensor nrw_argmax_reflect_even_out[] = {
    {"i", NNX_INT32, 4, {1, 2, 5, 5}, nrw_d58, 0},
};
/* argmax_pool 3x2 border reflect-even, padding (1, 1) */
static const char nrw_argmax_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph argmax_reflect_even( x ) -> ( i )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 5]);\n"
    "    i = argmax_pool(x, size = [1, 1, 3, 2], border = 'reflect-even', padding = [(0, 0), (0, 0), (1, 1), (1, 0)]);\n"
    "}\n";
static const uint32_t nrw_d59[] = {
    0xbf800000u, 0xc0400000u, 0x40400000u, 0x40400000u, 0x40000000u, 0xc0000000u, 0xc1100000u, 0xc0a00000u,
    0x40e00000u, 0xc0800000u, 0x40a00000u, 0xc0c00000u, 0xc0400000u, 0xc0400000u, 0x41100000u, 0x40000000u,
    0x41000000u, 0x41000000u, 0x40400000u, 0xc0e00000u, 0xc0c00000u, 0x40e00000u, 0xc1100000u, 0x40c00000u,
    0xc1000000u, 0xc0400000u, 0xc0a00000u, 0xc1000000u, 0x40c00000u, 0xc0e00000u, 0x40a00000u, 0x40a00000u,
    0x40c00000u, 0x40e00000u, 0x41100000u, 0xbf800000u, 0x41100000u, 0x40c00000u, 0x00000000u, 0x00000000u,
    0x41000000u, 0x40a00000u, 0x3f800000u, 0xc0800000u, 0x41100000u, 0x3f800000u, 0x40400000u, 0xc0400000u,
    0x40a00000u, 0xc0400000u, 0xc1000000u, 0x41100000u, 0xc1100000u, 0x40e00000u, 0x40a00000u, 0x40c00000u,
    0xc0a00000u, 0x41000000u, 0x40400000u, 0xc0400000u, 0xc0e00000u, 0x3f800000u, 0x3f800000u, 0x41000000u,
    0x40000000u, 0xbf800000u, 0x40a00000u, 0x00000000u, 0xc1100000u, 0xc0c00000u, 0xc1100000u, 0x40a00000u,
    0x41100000u, 0xc0800000u, 0x40800000u, 0xc0a00000u, 0xc1100000u, 0x41000000u, 0xbf800000u, 0xc1000000u,
    0xc0a00000u, 0x40a00000u, 0xc0400000u, 0x40c00000u, 0x40400000u, 0xbf800000u, 0xc0a00000u, 0xc0000000u,
    0xc0e00000u, 0x40000000u,
};
static const int32_t nrw_d60[] = {
    3, 5, 2, 1, 1, 0, 3, 3,
    0, 5, 5, 4, 2, 5, 1, 0,
    0, 4, 1, 1, 1, 3, 0, 4,
    4, 1, 1, 1, 3, 2, 5, 2,
    3, 4, 2, 4,
};
static const uint32_t nrw_d61[] = {
    0xbf800000u, 0x40400000u, 0x40000000u, 0xc0000000u, 0xc0a00000u, 0x40e00000u, 0xc0c00000u, 0x40e00000u,
    0x40400000u, 0xc0a00000u, 0x40c00000u, 0xc0e00000u, 0x40a00000u, 0x40e00000u, 0x41100000u, 0xbf800000u,
    0x41100000u, 0x41100000u, 0x3f800000u, 0xc0400000u, 0xc0400000u, 0x40c00000u, 0xc0a00000u, 0xc0400000u,
    0xc0e00000u, 0x3f800000u, 0x40000000u, 0xbf800000u, 0x40a00000u, 0xc0c00000u, 0x40a00000u, 0xbf800000u,
    0x40c00000u, 0xbf800000u, 0xc0e00000u, 0x40000000u,
};
static const nnef_run_tensor nrw_sample_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 3, 6, 5}, nrw_d59, 0},
    {"index", NNX_INT32, 4, {1, 3, 4, 3}, nrw_d60, 0},
};
static const nnef_run_tensor nrw_sample_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 3, 4, 3}, nrw_d61, 0},
};
/* sample 2x3 border reflect-even, stride 2 */
static const char nrw_sample_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph sample_reflect_even( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 3, 6, 5]);\n"
    "    index = external<integer>(shape = [1, 3, 4, 3]);\n"
    "    y = sample(x, index, size = [1, 1, 2, 3], border = 'reflect-even', padding = [(0, 0), (0, 0), (1, 1), (1, 1)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d62[] = {
    0x41500000u, 0xc0a00000u, 0x41d80000u, 0xc1700000u, 0x41b80000u, 0x41a80000u, 0xc1200000u, 0xc0400000u,
    0xc1300000u, 0xc1d00000u, 0x41800000u, 0x00000000u, 0x41980000u, 0x40400000u, 0xc1b00000u, 0x40800000u,
    0xc1e00000u, 0x41200000u, 0xc1400000u, 0xc1900000u, 0xc1c00000u, 0x41b00000u, 0xc1500000u, 0x41c00000u,
    0x40c00000u, 0x41700000u, 0xc1d80000u, 0xc1a00000u, 0xc1e80000u, 0x40000000u, 0xc1a80000u, 0x41900000u,
    0xc0e00000u, 0x41a00000u, 0x41c80000u, 0xc1b80000u, 0xc1800000u, 0x41e80000u, 0x40e00000u, 0x41880000u,
    0xc0c00000u, 0x3f800000u, 0x41000000u, 0xbf800000u, 0xc1c80000u, 0xc0800000u, 0xc1000000u, 0xc1600000u,
    0x41400000u, 0xc1f00000u, 0x41e00000u, 0x41300000u, 0xc1980000u, 0xc1100000u, 0x41d00000u, 0x40a00000u,
    0x41600000u, 0x41100000u, 0xc0000000u, 0xc1880000u,
};
static const uint32_t nrw_d63[] = {
    0x41500000u, 0x41d80000u, 0x41b80000u, 0x41980000u, 0x41b00000u, 0x41c00000u, 0x41700000u, 0x41b00000u,
    0x41c00000u, 0x41e80000u, 0x41e80000u, 0x41c80000u, 0x41e80000u, 0x41e80000u, 0x41880000u, 0x41d00000u,
    0x41e00000u, 0x41300000u,
};
static const nnef_run_tensor nrw_max_pool_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 6}, nrw_d62, 0},
};
static const nnef_run_tensor nrw_max_pool_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrw_d63, 0},
};
/* max_pool 3x3 stride 2 border reflect-even */
static const char nrw_max_pool_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph max_pool_reflect_even( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 6]);\n"
    "    y = max_pool(x, size = [1, 1, 3, 3], border = 'reflect-even', padding = [(0, 0), (0, 0), (1, 1), (1, 1)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d64[] = {
    0x40000000u, 0xc0800000u, 0xc0c00000u, 0x40000000u, 0x40000000u, 0x41000000u, 0xbf800000u, 0xc0400000u,
    0x40000000u, 0xc0e00000u, 0xc0400000u, 0x40c00000u, 0x41100000u, 0xc1000000u, 0x40c00000u, 0xc0000000u,
    0x40c00000u, 0x40400000u, 0xc0a00000u, 0xc0a00000u, 0x41100000u, 0x40e00000u, 0x41100000u, 0x00000000u,
    0xc0800000u, 0x40000000u, 0xbf800000u, 0xc0400000u, 0x00000000u, 0xc0a00000u, 0xc1100000u, 0xc1000000u,
    0x40400000u, 0x40c00000u, 0xc0000000u, 0x41000000u, 0xbf800000u, 0x40e00000u, 0x41100000u, 0xc0a00000u,
};
static const uint32_t nrw_d65[] = {
    0x3fd55555u, 0xbfaaaaabu, 0xc0000000u, 0xbfaaaaabu, 0x00000000u, 0x3fd55555u, 0x3f638e39u, 0xbeaaaaabu,
    0xbeaaaaabu, 0xbe638e39u, 0x3ff1c71cu, 0x40238e39u, 0x3f800000u, 0xbf638e39u, 0xc0238e39u, 0x3ee38e39u,
    0x4038e38eu, 0x3fd55555u, 0xbf471c72u, 0xc038e38eu, 0x40bc71c7u, 0x40aaaaabu, 0x40471c72u, 0x3e638e39u,
    0xc038e38eu, 0x3e638e39u, 0x3f800000u, 0x3fb8e38eu, 0x3ee38e39u, 0xbfe38e39u, 0xbf638e39u, 0xbe638e39u,
    0x3faaaaabu, 0x3f8e38e4u, 0xbf800000u, 0x3ee38e39u, 0x3fc71c72u, 0x405c71c7u, 0x404e38e4u, 0x00000000u,
};
static const nnef_run_tensor nrw_avg_pool_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 5}, nrw_d64, 0},
};
static const nnef_run_tensor nrw_avg_pool_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 4, 5}, nrw_d65, 0},
};
/* avg_pool 3x3 border reflect-even (ignore: in-bounds count) */
static const char nrw_avg_pool_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph avg_pool_reflect_even( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 5]);\n"
    "    y = avg_pool(x, size = [1, 1, 3, 3], border = 'reflect-even', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrw_d66[] = {
    0xc0c00000u, 0x40e00000u, 0x41100000u, 0x41100000u, 0xbf800000u, 0xc0400000u, 0x40a00000u, 0xc0c00000u,
    0x41100000u, 0xc0e00000u, 0xc0a00000u, 0xc0a00000u, 0x00000000u, 0x40400000u, 0x41000000u, 0xc0c00000u,
    0xc0c00000u, 0x40800000u, 0x40e00000u, 0xc1100000u, 0xc0c00000u, 0xc0c00000u, 0xbf800000u, 0xc1100000u,
    0x40a00000u, 0xc0e00000u, 0x3f800000u, 0x40e00000u, 0xc1100000u, 0x40000000u, 0xc0a00000u, 0xc0800000u,
    0xbf800000u, 0x3f800000u, 0xc1100000u, 0xc1000000u, 0x41000000u, 0xbf800000u, 0xc0000000u, 0xc0800000u,
    0xc0000000u, 0xc0e00000u, 0xc0e00000u, 0x41000000u, 0xc0800000u, 0xc0400000u, 0x40800000u, 0x41000000u,
    0x40000000u, 0xc0400000u, 0x41000000u, 0xc1100000u, 0x41100000u, 0xc1000000u, 0x40400000u, 0x3f800000u,
    0x40c00000u, 0xbf800000u, 0xc0000000u, 0xc0c00000u, 0x40c00000u, 0xbf800000u, 0x40000000u, 0x41100000u,
    0x40000000u, 0xc1000000u, 0x40400000u, 0xc0400000u, 0xc0000000u, 0x40000000u, 0xc0800000u, 0xc0800000u,
    0x41000000u, 0x00000000u, 0x41000000u, 0x40c00000u, 0x40400000u, 0x40a00000u, 0xc0000000u, 0xc0800000u,
    0x40000000u, 0xc0e00000u, 0x40400000u, 0xc0e00000u,
};
static const uint32_t nrw_d67[] = {
    0x00000000u, 0x41a00000u, 0xc1600000u, 0x00000000u, 0xc1000000u, 0xc1b00000u, 0xc1500000u, 0xc0800000u,
    0xc2080000u, 0xc0000000u, 0xc0c00000u, 0xc1d00000u, 0x00000000u, 0xc1000000u, 0x41500000u, 0x41000000u,
    0x41700000u, 0xc1500000u, 0x41500000u, 0x41c80000u, 0xc0c00000u, 0x40000000u, 0x41100000u, 0x40800000u,
};
static const nnef_run_tensor nrw_box_auto_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 7, 6}, nrw_d66, 0},
};
static const nnef_run_tensor nrw_box_auto_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 4, 3}, nrw_d67, 0},
};
/* box with automatic padding, stride 2 (x = ceil(X / s)) */
static const char nrw_box_auto_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_auto( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 7, 6]);\n"
    "    y = box(x, size = [1, 1, 3, 2], border = 'constant', stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d68[] = {
    0x40400000u, 0x40400000u, 0xc0c00000u, 0xc0e00000u, 0xc0c00000u, 0xc0e00000u, 0xc0e00000u, 0x3f800000u,
    0x40800000u, 0x40c00000u, 0x00000000u, 0xc0000000u, 0x41100000u, 0x40a00000u, 0x40a00000u, 0x00000000u,
    0x40000000u, 0x40e00000u, 0xc0800000u, 0x40a00000u, 0x40e00000u, 0xc0c00000u, 0x40400000u, 0x00000000u,
    0x40e00000u, 0x40000000u, 0x3f800000u, 0xc0000000u, 0xc0e00000u, 0x40400000u, 0xc0e00000u, 0x40400000u,
    0xc0800000u, 0x40800000u, 0x40400000u, 0x40400000u, 0xc0400000u, 0x40800000u, 0x40c00000u, 0xc1000000u,
    0xc0000000u, 0xc0a00000u, 0x41000000u, 0xc0a00000u, 0x41000000u, 0xc0400000u, 0xc1000000u, 0x3f800000u,
    0xc0800000u, 0x40c00000u, 0xc0a00000u, 0x40e00000u, 0x40e00000u, 0x40c00000u, 0xbf800000u, 0xc0800000u,
};
static const uint32_t nrw_d69[] = {
    0x40c00000u, 0x41300000u, 0x41200000u, 0xc1800000u, 0x41200000u, 0xc0e00000u, 0x40c00000u, 0x41b00000u,
    0x41000000u, 0x41900000u, 0x41200000u, 0x41d00000u, 0x40c00000u, 0x42180000u, 0x41400000u, 0xc1200000u,
    0x41100000u, 0xc1c80000u, 0x40a00000u, 0xc1300000u, 0x40800000u, 0x41000000u, 0x41000000u, 0x41880000u,
    0x40000000u, 0x41a80000u, 0xc1200000u, 0x41800000u, 0xc0800000u, 0x41100000u, 0x40a00000u, 0xc1500000u,
    0x41880000u, 0xc1200000u, 0x41a00000u, 0xc1200000u, 0x41600000u, 0x41700000u, 0x41300000u, 0x41900000u,
    0xc1300000u, 0xc0800000u, 0xc1600000u, 0x41900000u, 0xc1200000u, 0xc1300000u, 0x40400000u, 0xc1c80000u,
    0x41400000u, 0xc1b00000u, 0x41d80000u, 0x41000000u, 0x40a00000u, 0x41600000u, 0xc1c00000u, 0xc1200000u,
};
static const nnef_run_tensor nrw_box_auto_dilated_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 8, 7}, nrw_d68, 0},
};
static const nnef_run_tensor nrw_box_auto_dilated_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 1, 8, 7}, nrw_d69, 0},
};
/* box with automatic padding and dilation 2, border reflect */
static const char nrw_box_auto_dilated_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_auto_dilated( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 8, 7]);\n"
    "    y = box(x, size = [1, 1, 3, 2], border = 'reflect', dilation = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d70[] = {
    0x40c00000u, 0x40800000u, 0xc0c00000u, 0xc0a00000u, 0x41000000u, 0x3f800000u, 0x40e00000u, 0x41100000u,
    0x40a00000u, 0x40e00000u, 0x40000000u, 0xc0400000u, 0x40000000u, 0x40a00000u, 0x40800000u, 0x41100000u,
    0xc0800000u, 0x40e00000u, 0x40000000u, 0x40a00000u, 0xbf800000u, 0xc1100000u, 0xc0000000u, 0xc0000000u,
    0x41000000u, 0xc0800000u, 0xc0800000u, 0x40e00000u, 0xc0800000u, 0xbf800000u, 0xc0e00000u, 0x41000000u,
    0xc0a00000u, 0xc0800000u, 0xc0400000u, 0xc0a00000u, 0x40400000u, 0x40400000u, 0xc0a00000u, 0x40800000u,
    0x00000000u, 0xc1100000u, 0xc0000000u, 0xc0c00000u, 0x41100000u, 0x3f800000u, 0x40c00000u, 0xbf800000u,
    0x41100000u, 0xc0400000u, 0xc0000000u, 0x3f800000u, 0xc1000000u, 0x41100000u, 0xc1100000u, 0xc0a00000u,
    0xc1000000u, 0x40000000u, 0x41100000u, 0xbf800000u,
};
static const uint32_t nrw_d71[] = {
    0x408aaaabu, 0x408aaaabu, 0xbeaaaaabu, 0x3f2aaaabu, 0x40555555u, 0xbf2aaaabu, 0x40a00000u, 0x40c00000u,
    0x3f800000u, 0x406aaaabu, 0x40000000u, 0x3fd55555u, 0x406aaaabu, 0x40caaaabu, 0x402aaaabu, 0x40155555u,
    0xbfaaaaabu, 0x3f2aaaabu, 0x40800000u, 0x40000000u, 0xbeaaaaabu, 0x40155555u, 0xc0555555u, 0x3faaaaabu,
    0x40555555u, 0x3eaaaaabu, 0xbfd55555u, 0xbf2aaaabu, 0xc0000000u, 0xbf800000u, 0xbfaaaaabu, 0x406aaaabu,
    0xc0555555u, 0x00000000u, 0xbf800000u, 0xc0955555u, 0xc0000000u, 0x3fd55555u, 0xbeaaaaabu, 0x3eaaaaabu,
    0x3f800000u, 0xc0a00000u, 0x40555555u, 0xc0000000u, 0x3f2aaaabu, 0x40000000u, 0xbf2aaaabu, 0xbeaaaaabu,
    0xbf2aaaabu, 0xc0955555u, 0xbeaaaaabu, 0x3faaaaabu, 0x40155555u, 0x40155555u, 0x00000000u, 0xc02aaaabu,
    0xc0555555u, 0x3f800000u, 0x3eaaaaabu, 0x402aaaabu,
};
static const nnef_run_tensor nrw_box_channels_in[] = {
    {"x", NNX_FLOAT32, 4, {2, 5, 2, 3}, nrw_d70, 0},
};
static const nnef_run_tensor nrw_box_channels_out[] = {
    {"y", NNX_FLOAT32, 4, {2, 5, 2, 3}, nrw_d71, 0},
};
/* box over the channel dimension (LRN-like size [1, 3, 1, 1]), normalize */
static const char nrw_box_channels_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_channels( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 5, 2, 3]);\n"
    "    y = box(x, size = [1, 3, 1, 1], border = 'constant', normalize = true);\n"
    "}\n";
static const uint32_t nrw_d72[] = {
    0xc0e00000u, 0xc0000000u, 0xc0e00000u, 0xc1100000u, 0x41000000u, 0x41100000u, 0x3f800000u, 0xc0000000u,
    0xc0e00000u, 0x41000000u, 0x41100000u, 0xc0e00000u, 0xc1000000u, 0xc0400000u, 0xc0400000u, 0xc0a00000u,
    0x3f800000u, 0xbf800000u, 0xc0400000u, 0x41100000u, 0x41000000u, 0xc0000000u, 0x41100000u, 0xc0000000u,
};
static const uint32_t nrw_d73[] = {
    0xc1d00000u, 0xc0800000u, 0xc1400000u, 0xc0800000u, 0x00000000u, 0xc1880000u, 0xc0800000u, 0xc1000000u,
    0xc0c00000u, 0x41800000u, 0x00000000u, 0x40800000u, 0x41400000u, 0xc1200000u, 0x41400000u, 0xc1980000u,
    0xc0000000u, 0x41600000u, 0x41400000u, 0x41400000u, 0x41e00000u, 0x41200000u, 0x42500000u, 0xc1400000u,
};
static const nnef_run_tensor nrw_box_batch_in[] = {
    {"x", NNX_FLOAT32, 3, {3, 4, 2}, nrw_d72, 0},
};
static const nnef_run_tensor nrw_box_batch_out[] = {
    {"y", NNX_FLOAT32, 3, {3, 4, 2}, nrw_d73, 0},
};
/* box over batch and channel, border replicate, auto padding */
static const char nrw_box_batch_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_batch( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [3, 4, 2]);\n"
    "    y = box(x, size = [2, 3, 1], border = 'replicate');\n"
    "}\n";
static const uint32_t nrw_d74[] = {
    0xc0800000u, 0x40000000u, 0xbf800000u, 0xc0c00000u, 0xc0800000u, 0x41100000u, 0xc0000000u, 0x40e00000u,
    0x3f800000u, 0x40e00000u, 0xbf800000u, 0x40a00000u, 0x40a00000u, 0x41000000u, 0x40e00000u, 0x40400000u,
    0xc0e00000u, 0xc0c00000u, 0xc0000000u, 0xc1100000u, 0xc0c00000u, 0xbf800000u, 0xc1100000u, 0xc0800000u,
    0xc0a00000u, 0x40c00000u, 0xc0400000u, 0x40a00000u, 0xc0a00000u, 0x40400000u, 0x41000000u, 0x40000000u,
    0x41000000u, 0xbf800000u, 0x40400000u, 0xc0e00000u, 0xbf800000u, 0x41000000u, 0x40a00000u, 0x40e00000u,
    0x40000000u, 0xc0c00000u,
};
static const uint32_t nrw_d75[] = {
    0x41900000u, 0x40000000u, 0xc1100000u, 0x40400000u, 0xc1600000u, 0xc1d00000u, 0xc0a00000u, 0xc1200000u,
    0xc1700000u, 0x41100000u, 0x40000000u, 0xc0c00000u, 0x41980000u, 0x41300000u, 0xc1000000u, 0x41400000u,
    0x41100000u, 0xc0800000u,
};
static const nnef_run_tensor nrw_box_negative_padding_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 7, 6}, nrw_d74, 0},
};
static const nnef_run_tensor nrw_box_negative_padding_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 1, 6, 3}, nrw_d75, 0},
};
/* box with negative padding (crops before the window) */
static const char nrw_box_negative_padding_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_negative_padding( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 7, 6]);\n"
    "    y = box(x, size = [1, 1, 2, 2], border = 'constant', padding = [(0, 0), (0, 0), (-1, 1), (-2, 0)]);\n"
    "}\n";
static const uint32_t nrw_d76[] = {
    0xc0800000u, 0xc0800000u, 0x40800000u, 0xc0e00000u, 0x40e00000u, 0x40000000u, 0x3f800000u, 0xc0a00000u,
    0xc0c00000u, 0xc0000000u, 0x40400000u, 0xc0c00000u, 0xc1000000u, 0xc0400000u, 0xc0a00000u, 0xc0400000u,
    0x3f800000u, 0x3f800000u, 0x40e00000u, 0x40c00000u, 0xc0e00000u, 0xc0000000u, 0x40800000u, 0xc0c00000u,
    0x40e00000u, 0xc1100000u, 0xc1100000u, 0xc1000000u, 0x41000000u, 0xc0400000u, 0xc0800000u, 0xc0400000u,
    0x40c00000u, 0x41100000u, 0x40c00000u, 0xc0e00000u, 0xc0000000u, 0x40a00000u, 0xc0e00000u, 0x40400000u,
    0x41100000u, 0x3f800000u, 0xc0c00000u, 0xc0a00000u, 0xc1000000u, 0x40400000u, 0xbf800000u, 0xc0000000u,
    0x40c00000u, 0xc0400000u,
};
static const uint32_t nrw_d77[] = {
    0xbfa00000u, 0xbf800000u, 0xc0355555u, 0xbfc00000u, 0xc0000000u, 0xbfaaaaabu, 0xbff1c71cu, 0xc071c71cu,
    0xc031c71cu, 0xc02aaaabu, 0xbeaaaaabu, 0xbfc71c72u, 0xc0000000u, 0xbfd55555u, 0xbf000000u, 0xc0155555u,
    0xbff1c71cu, 0xbfaaaaabu, 0x3eaaaaabu, 0x3f800000u, 0xc0300000u, 0xbf800000u, 0x3f555555u, 0x404aaaabu,
    0x40600000u, 0xc0c80000u, 0xc0900000u, 0x3f000000u, 0x40400000u, 0x40a00000u, 0xc0b55555u, 0xc05c71c7u,
    0xbde38e39u, 0x40071c72u, 0x402aaaabu, 0xbf800000u, 0xbde38e39u, 0xbe638e39u, 0x3eaaaaabu, 0xbeaaaaabu,
    0x3f000000u, 0x00000000u, 0xbf9c71c7u, 0xbff1c71cu, 0xc0155555u, 0x40400000u, 0x3f2aaaabu, 0xbf955555u,
    0xc0400000u, 0xc0200000u,
};
static const nnef_run_tensor nrw_box_ignore_norm_auto_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 5}, nrw_d76, 0},
};
static const nnef_run_tensor nrw_box_ignore_norm_auto_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 5, 5}, nrw_d77, 0},
};
/* box ignore normalize with automatic padding (divides by in-bounds count) */
static const char nrw_box_ignore_norm_auto_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_ignore_norm_auto( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 5]);\n"
    "    y = box(x, size = [1, 1, 3, 3], border = 'ignore', normalize = true);\n"
    "}\n";
static const uint32_t nrw_d78[] = {
    0xbf800000u, 0xc0000000u, 0xc0a00000u, 0x40c00000u, 0x00000000u, 0xc0c00000u, 0xc0000000u, 0x3f800000u,
    0xc1100000u,
};
static const uint32_t nrw_d79[] = {
    0xc1000000u, 0xc0c00000u, 0xc0e00000u, 0xc1300000u, 0xc1200000u,
};
static const nnef_run_tensor nrw_box_rank1_in[] = {
    {"x", NNX_FLOAT32, 1, {9}, nrw_d78, 0},
};
static const nnef_run_tensor nrw_box_rank1_out[] = {
    {"y", NNX_FLOAT32, 1, {5}, nrw_d79, 0},
};
/* box rank 1, stride 2, dilation 2, reflect-even */
static const char nrw_box_rank1_doc[] =
    "version 1.0;\n"
    "\n"
    "graph box_rank1( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [9]);\n"
    "    y = box(x, size = [3], border = 'reflect-even', padding = [(2, 2)], stride = [2], dilation = [2]);\n"
    "}\n";
static const uint32_t nrw_d80[] = {
    0xc0800000u, 0xc1400000u, 0xc1d80000u, 0xc1500000u, 0xc1c80000u, 0x00000000u, 0x3f800000u, 0xc1880000u,
    0x41d00000u, 0xc1e80000u, 0xc1c00000u, 0x41300000u, 0x41e00000u, 0xc1d00000u, 0x40400000u, 0x40a00000u,
    0x41700000u, 0x41a00000u, 0x41900000u, 0x41200000u, 0x41100000u, 0x41980000u, 0xc1a80000u, 0x41a80000u,
    0xc1700000u, 0x41c00000u, 0xc1000000u, 0xc1f00000u, 0xc1600000u, 0x41e80000u, 0x41b80000u, 0xc1300000u,
    0xc1980000u, 0xc1200000u, 0xc1100000u, 0x41b00000u, 0x41000000u, 0xc0000000u, 0xbf800000u, 0x40000000u,
    0x41880000u, 0xc0a00000u, 0x40800000u, 0xc1b80000u, 0x41400000u, 0x41c80000u, 0xc1a00000u, 0xc1900000u,
    0xc1b00000u, 0x41d80000u, 0x40c00000u, 0x41800000u, 0x40e00000u, 0xc0c00000u, 0x41500000u, 0xc1800000u,
    0x41600000u, 0xc0e00000u, 0xc1e00000u, 0xc0400000u,
};
static const int32_t nrw_d81[] = {
    5, 4, 3, 5, 2, 0, 4, 1,
    4, 4, 2, 4, 1, 3, 4, 1,
    3, 1,
};
static const nnef_run_tensor nrw_argmax_auto_channels_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 4, 3, 5}, nrw_d80, 0},
};
static const nnef_run_tensor nrw_argmax_auto_channels_out[] = {
    {"i", NNX_INT32, 4, {1, 2, 3, 3}, nrw_d81, 0},
};
/* argmax_pool over channels and width, automatic padding, stride 2 */
static const char nrw_argmax_auto_channels_doc[] =
    "version 1.0;\n"
    "\n"
    "graph argmax_auto_channels( x ) -> ( i )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 4, 3, 5]);\n"
    "    i = argmax_pool(x, size = [1, 2, 1, 3], border = 'ignore', stride = [1, 2, 1, 2]);\n"
    "}\n";
static const uint32_t nrw_d82[] = {
    0x00000000u, 0x00000000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x3f800000u, 0x3f800000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0x00000000u,
};
static const int32_t nrw_d83[] = {
    2, 1, 0, 0, 0, 2, 3, 2,
    0, 0, 1, 0, 1, 0, 0, 0,
};
static const nnef_run_tensor nrw_argmax_ties_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 4, 4}, nrw_d82, 0},
};
static const nnef_run_tensor nrw_argmax_ties_out[] = {
    {"i", NNX_INT32, 4, {1, 1, 4, 4}, nrw_d83, 0},
};
/* argmax_pool with ties (the first position wins) */
static const char nrw_argmax_ties_doc[] =
    "version 1.0;\n"
    "\n"
    "graph argmax_ties( x ) -> ( i )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 4, 4]);\n"
    "    i = argmax_pool(x, size = [1, 1, 2, 2], border = 'constant');\n"
    "}\n";
static const uint32_t nrw_d84[] = {
    0x42080000u, 0x41b00000u, 0xc1600000u, 0xc1f00000u, 0xc1200000u, 0x41e80000u, 0x41900000u, 0xc1300000u,
    0xc0400000u, 0x42000000u, 0xc1e80000u, 0x41f00000u, 0x41500000u, 0xc1500000u, 0xc0c00000u, 0x41100000u,
    0x40c00000u, 0xbf800000u, 0xc0000000u, 0x41d80000u, 0xc1880000u, 0xc1b00000u, 0x41f80000u, 0xc2100000u,
    0x41c80000u, 0xc1a80000u, 0xc1c80000u, 0x420c0000u, 0xc2040000u, 0x41c00000u, 0xc1d80000u, 0x41400000u,
    0x41600000u, 0xc1000000u, 0x40800000u, 0xc2000000u, 0xc20c0000u, 0x00000000u, 0x41d00000u, 0x41a00000u,
    0x41300000u, 0xc1800000u, 0xc1f80000u, 0x41700000u, 0xc1400000u, 0xc1900000u, 0x40000000u, 0x41a80000u,
    0xc1700000u, 0xc1980000u, 0x40400000u, 0x41200000u, 0xc2080000u, 0xc1e00000u, 0x41000000u, 0x41b80000u,
    0x41980000u, 0x41880000u, 0xc1a00000u, 0xc0e00000u, 0x41800000u, 0x42040000u, 0xc1c00000u, 0xc0800000u,
    0xc1b80000u, 0x40e00000u, 0x41e00000u, 0xc0a00000u, 0xc1d00000u, 0x40a00000u, 0xc1100000u, 0x3f800000u,
};
static const int32_t nrw_d85[] = {
    0, 0, 3, 2, 2, 3, 0, 0,
    0, 3, 1, 1, 3, 0, 1, 3,
    0, 2, 2, 2, 3, 1, 2, 3,
    1, 3, 0, 1, 2, 0, 0, 0,
    1, 2, 0, 1, 3, 1, 1, 0,
    3, 3, 1, 1, 1, 0, 0, 0,
    3, 3, 2, 2, 1, 1, 3, 2,
    2, 0, 0, 3, 2, 2, 0, 0,
    0, 3, 1, 2, 0, 3, 1, 1,
};
static const nnef_run_tensor nrw_argmax_dilated_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 6, 6}, nrw_d84, 0},
};
static const nnef_run_tensor nrw_argmax_dilated_out[] = {
    {"i", NNX_INT32, 4, {1, 2, 6, 6}, nrw_d85, 0},
};
/* argmax_pool dilation 2, border replicate, auto padding */
static const char nrw_argmax_dilated_doc[] =
    "version 1.0;\n"
    "\n"
    "graph argmax_dilated( x ) -> ( i )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 6, 6]);\n"
    "    i = argmax_pool(x, size = [1, 1, 2, 2], border = 'replicate', dilation = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrw_d86[] = {
    0xc1c80000u, 0xc1000000u, 0xc1900000u, 0xc1800000u, 0x40c00000u, 0xc1a80000u, 0x41900000u, 0x41100000u,
    0xc1100000u, 0xc1d80000u, 0x41700000u, 0x3f800000u, 0x41c80000u, 0xc1300000u, 0x41b00000u, 0x41400000u,
    0xc1200000u, 0x41d00000u, 0xc1880000u, 0xc1700000u, 0x41800000u, 0x40400000u, 0xc0400000u, 0xc1b00000u,
    0x41a80000u, 0x40000000u, 0xc1a00000u, 0xc0a00000u, 0xc0000000u, 0xc1500000u, 0x41980000u, 0xc1600000u,
    0xc0e00000u, 0x40a00000u, 0xc1b80000u, 0x41b80000u, 0x41880000u, 0x41c00000u, 0x41a00000u, 0xc1980000u,
    0xc1400000u, 0x41000000u, 0xc0c00000u, 0x00000000u, 0x41300000u, 0xbf800000u, 0xc0800000u, 0x40800000u,
    0xc1d00000u, 0x40e00000u, 0x41200000u, 0xc1c00000u, 0x41600000u, 0x41500000u,
};
static const uint32_t nrw_d87[] = {
    0xc1c80000u, 0x41700000u, 0x3f800000u, 0x41c80000u, 0x40c00000u, 0x41b00000u, 0x41900000u, 0x41100000u,
    0x41d00000u, 0xc1880000u, 0x41700000u, 0x41800000u, 0x41c80000u, 0x40c00000u, 0x41b00000u, 0x41a80000u,
    0x41100000u, 0x41d00000u, 0xc0a00000u, 0x41700000u, 0x41800000u, 0x41c80000u, 0xc0400000u, 0x41b00000u,
    0x41a80000u, 0x40000000u, 0x41d00000u, 0x41880000u, 0x41c00000u, 0x41a00000u, 0x41980000u, 0xc0400000u,
    0x41000000u, 0x41a80000u, 0x40000000u, 0x41b80000u, 0x41880000u, 0x41c00000u, 0x41a00000u, 0x41980000u,
    0x40e00000u, 0x41200000u, 0x40a00000u, 0x41600000u, 0x41b80000u, 0x41880000u, 0x41c00000u, 0x41a00000u,
    0xc1980000u, 0x40e00000u, 0x41200000u, 0xc0c00000u, 0x41600000u, 0x41500000u,
};
static const nnef_run_tensor nrw_max_pool_channels_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 6, 3, 3}, nrw_d86, 0},
};
static const nnef_run_tensor nrw_max_pool_channels_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 6, 3, 3}, nrw_d87, 0},
};
/* max_pool over channels (falls back to argmax_pool + sample) */
static const char nrw_max_pool_channels_doc[] =
    "version 1.0;\n"
    "\n"
    "graph max_pool_channels( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 6, 3, 3]);\n"
    "    y = max_pool(x, size = [1, 3, 1, 1], border = 'ignore', padding = [(0, 0), (1, 1), (0, 0), (0, 0)]);\n"
    "}\n";
static const uint32_t nrw_d88[] = {
    0xc1880000u, 0x40400000u, 0xc1500000u, 0x41700000u, 0xc1980000u, 0x41880000u, 0xc1800000u, 0xc1a00000u,
    0x41800000u, 0xc1b00000u, 0x40800000u, 0x40e00000u, 0x41300000u, 0xc0c00000u, 0x40c00000u, 0x40a00000u,
    0x41400000u, 0x41980000u, 0xc1400000u, 0x3f800000u, 0xc0400000u, 0x41c80000u, 0xc0800000u, 0x41a00000u,
    0xc1a80000u, 0xc0e00000u, 0x41000000u, 0xc1100000u, 0xbf800000u, 0xc1d80000u, 0x41d00000u, 0xc1700000u,
    0xc1c00000u, 0xc1600000u, 0x00000000u, 0xc1c80000u, 0xc1b80000u, 0x41b80000u, 0xc1300000u, 0x41c00000u,
    0x41b00000u, 0x41600000u, 0xc0000000u, 0xc1d00000u, 0xc1000000u, 0x41500000u, 0x40000000u, 0x41900000u,
    0xc1200000u, 0xc0a00000u, 0x41a80000u, 0x41100000u, 0x41200000u, 0xc1900000u,
};
static const uint32_t nrw_d89[] = {
    0x00000000u, 0x41700000u, 0xc1500000u, 0x41880000u, 0xc1500000u, 0x41880000u, 0x41800000u, 0x41880000u,
    0x41800000u, 0x40e00000u, 0x41300000u, 0x40e00000u, 0x41300000u, 0x40e00000u, 0x41400000u, 0x41980000u,
    0x41400000u, 0x41980000u, 0x00000000u, 0x41c80000u, 0xc0400000u, 0x41c80000u, 0xc0400000u, 0x41c80000u,
    0x41000000u, 0x41a00000u, 0x41000000u, 0x00000000u, 0x41d00000u, 0xc1100000u, 0x41d00000u, 0xc1600000u,
    0x41d00000u, 0xc1600000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x41c00000u, 0x41b00000u, 0x41c00000u,
    0x41b00000u, 0x41c00000u, 0x41b00000u, 0x41600000u, 0x00000000u, 0x41900000u, 0x40000000u, 0x41900000u,
    0x41a80000u, 0x41900000u, 0x41a80000u, 0x41100000u, 0x41a80000u, 0x41100000u,
};
static const nnef_run_tensor nrw_max_pool_rank3_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 3, 9}, nrw_d88, 0},
};
static const nnef_run_tensor nrw_max_pool_rank3_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 3, 9}, nrw_d89, 0},
};
/* max_pool on rank 3, auto padding, dilation 2 */
static const char nrw_max_pool_rank3_doc[] =
    "version 1.0;\n"
    "\n"
    "graph max_pool_rank3( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 3, 9]);\n"
    "    y = max_pool(x, size = [1, 1, 3], border = 'constant', dilation = [1, 1, 2]);\n"
    "}\n";
static const uint32_t nrw_d90[] = {
    0x40800000u, 0xc0800000u, 0x40800000u, 0x41100000u, 0x40800000u, 0x40400000u, 0x40c00000u, 0xc1000000u,
    0xc0a00000u, 0x00000000u, 0xc0400000u, 0x40c00000u, 0x00000000u, 0xbf800000u, 0xc0000000u, 0x40000000u,
    0xc0c00000u, 0x40c00000u, 0xbf800000u, 0x40400000u, 0xc0a00000u, 0x40800000u, 0xc0800000u, 0x00000000u,
    0xc0c00000u, 0x40000000u, 0xc0a00000u, 0x40a00000u, 0x3f800000u, 0xc0a00000u, 0xc0400000u, 0x40c00000u,
    0x40a00000u, 0x40a00000u, 0xc0a00000u, 0x00000000u, 0x40a00000u, 0xc0e00000u, 0x00000000u, 0x40800000u,
    0xbf800000u, 0x40c00000u, 0xc1000000u, 0x41100000u, 0x41100000u, 0x40800000u, 0x40800000u, 0xc0800000u,
};
static const uint32_t nrw_d91[] = {
    0x00000000u, 0x40400000u, 0x40aaaaabu, 0x3eaaaaabu, 0xc0200000u, 0x3f800000u, 0x3fd55555u, 0xbeaaaaabu,
    0x00000000u, 0x402aaaabu, 0x3f2aaaabu, 0x00000000u, 0xc0000000u, 0x3f2aaaabu, 0x3eaaaaabu, 0xbf2aaaabu,
    0x40a00000u, 0x00000000u, 0xbf2aaaabu, 0xbf800000u, 0x40200000u, 0x40155555u, 0x40eaaaabu, 0x3faaaaabu,
};
static const nnef_run_tensor nrw_avg_pool_rank3_ignore_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 3, 8}, nrw_d90, 0},
};
static const nnef_run_tensor nrw_avg_pool_rank3_ignore_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 3, 4}, nrw_d91, 0},
};
/* avg_pool on rank 3 ignore, stride 2 (in-bounds count) */
static const char nrw_avg_pool_rank3_ignore_doc[] =
    "version 1.0;\n"
    "\n"
    "graph avg_pool_rank3_ignore( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 3, 8]);\n"
    "    y = avg_pool(x, size = [1, 1, 3], border = 'ignore', padding = [(0, 0), (0, 0), (1, 1)], stride = [1, 1, 2]);\n"
    "}\n";
static const uint32_t nrw_d92[] = {
    0xc1c80000u, 0xc1100000u, 0xc1900000u, 0x40c00000u, 0x41b00000u, 0xc1000000u, 0xc1b00000u, 0xc1800000u,
    0xc1c00000u, 0x40000000u, 0x41100000u, 0x41880000u, 0x41900000u, 0xc1600000u, 0xc1700000u, 0x40800000u,
    0x41b80000u, 0x41800000u, 0x41600000u, 0x41500000u, 0x41300000u, 0x41700000u, 0x00000000u, 0x41400000u,
    0xc0800000u, 0xc1400000u, 0xc1a00000u, 0xc0e00000u, 0x3f800000u, 0xc1500000u, 0xc0000000u, 0x40e00000u,
    0xc1980000u, 0x40400000u, 0xc1200000u, 0xc0a00000u, 0xc1300000u, 0x41a80000u, 0xc0c00000u, 0xc0400000u,
    0x41980000u, 0xc1a80000u, 0x41a00000u, 0x41000000u, 0x40a00000u, 0x41200000u, 0xbf800000u, 0xc1b80000u,
    0xc1880000u, 0x41c00000u,
};
static const uint32_t nrw_d93[] = {
    0xc1000000u, 0xc1000000u, 0x40c00000u, 0x41b00000u, 0x41b00000u, 0x41880000u, 0x41900000u, 0x41900000u,
    0x41b00000u, 0x41b00000u, 0x41b80000u, 0x41b80000u, 0x41b80000u, 0x41900000u, 0x41600000u, 0x41b80000u,
    0x41b80000u, 0x41b80000u, 0x41900000u, 0x41600000u, 0x41b80000u, 0x41b80000u, 0x41b80000u, 0x41800000u,
    0x41600000u, 0x40e00000u, 0x40e00000u, 0x40e00000u, 0x40400000u, 0x40400000u, 0x40e00000u, 0x41a80000u,
    0x41a80000u, 0x41a80000u, 0x40400000u, 0x41980000u, 0x41a80000u, 0x41a80000u, 0x41a80000u, 0x41000000u,
    0x41980000u, 0x41a80000u, 0x41a80000u, 0x41c00000u, 0x41c00000u, 0x41980000u, 0x41a00000u, 0x41a00000u,
    0x41c00000u, 0x41c00000u,
};
static const nnef_run_tensor nrw_max_pool_2d_core_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 5}, nrw_d92, 0},
};
static const nnef_run_tensor nrw_max_pool_2d_core_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 5, 5}, nrw_d93, 0},
};
/* max_pool that fits the 2-D core pool (ignore, padding 1) */
static const char nrw_max_pool_2d_core_doc[] =
    "version 1.0;\n"
    "\n"
    "graph max_pool_2d_core( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 5]);\n"
    "    y = max_pool(x, size = [1, 1, 3, 3], border = 'ignore', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const int8_t nrw_d94[] = {
    -5, 0, 2, -4, -5, -5, -4, -5,
    -3, -2, -3, -3, 1, 0, 1, -3,
    1, 1, -5, 0, 2, 1, 0, -5,
};
static const int32_t nrw_d95[] = {
    0, 0, 3, 0, 1, 1, 0, 4,
    3, 0, 4, 4, 3, 2, 3, 1,
    0, 5, 5, 1, 3, 3, 2, 1,
};
static const nnef_run_tensor nrw_core_argmax_pool_int8[] = {
    {"in0", NNX_INT8, 4, {1, 2, 4, 3}, nrw_d94, 0},
    {"out", NNX_INT32, 4, {1, 2, 4, 3}, nrw_d95, 0},
};

static const nnef_run_case nrw_cases[] = {
    {"box_ignore", nrw_box_ignore_doc, 1, nrw_box_ignore_in, 1, nrw_box_ignore_out},
    {"box_norm_ignore", nrw_box_norm_ignore_doc, 1, nrw_box_norm_ignore_in, 1, nrw_box_norm_ignore_out},
    {"argmax_ignore", nrw_argmax_ignore_doc, 1, nrw_argmax_ignore_in, 1, nrw_argmax_ignore_out},
    {"sample_ignore", nrw_sample_ignore_doc, 2, nrw_sample_ignore_in, 1, nrw_sample_ignore_out},
    {"max_pool_ignore", nrw_max_pool_ignore_doc, 1, nrw_max_pool_ignore_in, 1, nrw_max_pool_ignore_out},
    {"avg_pool_ignore", nrw_avg_pool_ignore_doc, 1, nrw_avg_pool_ignore_in, 1, nrw_avg_pool_ignore_out},
    {"box_constant", nrw_box_constant_doc, 1, nrw_box_constant_in, 1, nrw_box_constant_out},
    {"box_norm_constant", nrw_box_norm_constant_doc, 1, nrw_box_norm_constant_in, 1, nrw_box_norm_constant_out},
    {"argmax_constant", nrw_argmax_constant_doc, 1, nrw_argmax_constant_in, 1, nrw_argmax_constant_out},
    {"sample_constant", nrw_sample_constant_doc, 2, nrw_sample_constant_in, 1, nrw_sample_constant_out},
    {"max_pool_constant", nrw_max_pool_constant_doc, 1, nrw_max_pool_constant_in, 1, nrw_max_pool_constant_out},
    {"avg_pool_constant", nrw_avg_pool_constant_doc, 1, nrw_avg_pool_constant_in, 1, nrw_avg_pool_constant_out},
    {"box_replicate", nrw_box_replicate_doc, 1, nrw_box_replicate_in, 1, nrw_box_replicate_out},
    {"box_norm_replicate", nrw_box_norm_replicate_doc, 1, nrw_box_norm_replicate_in, 1, nrw_box_norm_replicate_out},
    {"argmax_replicate", nrw_argmax_replicate_doc, 1, nrw_argmax_replicate_in, 1, nrw_argmax_replicate_out},
    {"sample_replicate", nrw_sample_replicate_doc, 2, nrw_sample_replicate_in, 1, nrw_sample_replicate_out},
    {"max_pool_replicate", nrw_max_pool_replicate_doc, 1, nrw_max_pool_replicate_in, 1, nrw_max_pool_replicate_out},
    {"avg_pool_replicate", nrw_avg_pool_replicate_doc, 1, nrw_avg_pool_replicate_in, 1, nrw_avg_pool_replicate_out},
    {"box_reflect", nrw_box_reflect_doc, 1, nrw_box_reflect_in, 1, nrw_box_reflect_out},
    {"box_norm_reflect", nrw_box_norm_reflect_doc, 1, nrw_box_norm_reflect_in, 1, nrw_box_norm_reflect_out},
    {"argmax_reflect", nrw_argmax_reflect_doc, 1, nrw_argmax_reflect_in, 1, nrw_argmax_reflect_out},
    {"sample_reflect", nrw_sample_reflect_doc, 2, nrw_sample_reflect_in, 1, nrw_sample_reflect_out},
    {"max_pool_reflect", nrw_max_pool_reflect_doc, 1, nrw_max_pool_reflect_in, 1, nrw_max_pool_reflect_out},
    {"avg_pool_reflect", nrw_avg_pool_reflect_doc, 1, nrw_avg_pool_reflect_in, 1, nrw_avg_pool_reflect_out},
    {"box_reflect_even", nrw_box_reflect_even_doc, 1, nrw_box_reflect_even_in, 1, nrw_box_reflect_even_out},
    {"box_norm_reflect_even", nrw_box_norm_reflect_even_doc, 1, nrw_box_norm_reflect_even_in, 1, nrw_box_norm_reflect_even_out},
    {"argmax_reflect_even", nrw_argmax_reflect_even_doc, 1, nrw_argmax_reflect_even_in, 1, nrw_argmax_reflect_even_out},
    {"sample_reflect_even", nrw_sample_reflect_even_doc, 2, nrw_sample_reflect_even_in, 1, nrw_sample_reflect_even_out},
    {"max_pool_reflect_even", nrw_max_pool_reflect_even_doc, 1, nrw_max_pool_reflect_even_in, 1, nrw_max_pool_reflect_even_out},
    {"avg_pool_reflect_even", nrw_avg_pool_reflect_even_doc, 1, nrw_avg_pool_reflect_even_in, 1, nrw_avg_pool_reflect_even_out},
    {"box_auto", nrw_box_auto_doc, 1, nrw_box_auto_in, 1, nrw_box_auto_out},
    {"box_auto_dilated", nrw_box_auto_dilated_doc, 1, nrw_box_auto_dilated_in, 1, nrw_box_auto_dilated_out},
    {"box_channels", nrw_box_channels_doc, 1, nrw_box_channels_in, 1, nrw_box_channels_out},
    {"box_batch", nrw_box_batch_doc, 1, nrw_box_batch_in, 1, nrw_box_batch_out},
    {"box_negative_padding", nrw_box_negative_padding_doc, 1, nrw_box_negative_padding_in, 1, nrw_box_negative_padding_out},
    {"box_ignore_norm_auto", nrw_box_ignore_norm_auto_doc, 1, nrw_box_ignore_norm_auto_in, 1, nrw_box_ignore_norm_auto_out},
    {"box_rank1", nrw_box_rank1_doc, 1, nrw_box_rank1_in, 1, nrw_box_rank1_out},
    {"argmax_auto_channels", nrw_argmax_auto_channels_doc, 1, nrw_argmax_auto_channels_in, 1, nrw_argmax_auto_channels_out},
    {"argmax_ties", nrw_argmax_ties_doc, 1, nrw_argmax_ties_in, 1, nrw_argmax_ties_out},
    {"argmax_dilated", nrw_argmax_dilated_doc, 1, nrw_argmax_dilated_in, 1, nrw_argmax_dilated_out},
    {"max_pool_channels", nrw_max_pool_channels_doc, 1, nrw_max_pool_channels_in, 1, nrw_max_pool_channels_out},
    {"max_pool_rank3", nrw_max_pool_rank3_doc, 1, nrw_max_pool_rank3_in, 1, nrw_max_pool_rank3_out},
    {"avg_pool_rank3_ignore", nrw_avg_pool_rank3_ignore_doc, 1, nrw_avg_pool_rank3_ignore_in, 1, nrw_avg_pool_rank3_ignore_out},
    {"max_pool_2d_core", nrw_max_pool_2d_core_doc, 1, nrw_max_pool_2d_core_in, 1, nrw_max_pool_2d_core_out},
};

static const nnef_run_core_case nrw_core_cases[] = {
    {"argmax_pool_int8", "argmax_pool", 1, nrw_core_argmax_pool_int8, {.window = {.size = {1, 1, 3, 2}, .stride = {1, 1, 1, 1}, .dilation = {1, 1, 1, 1}, .pad_begin = {0, 0, 1, 1}, .pad_end = {0, 0, 1, 0}, .border = NNX_WINDOW_CONSTANT}}},
};

#endif
