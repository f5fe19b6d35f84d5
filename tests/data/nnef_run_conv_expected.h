/* nnef_run_conv_expected.h — generated; do not edit. Regenerate with
 *   /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_conv.py
 * conv / deconv documents and numpy-loop outputs (cross-checked with PyTorch when it imports). */
#ifndef NNX_TEST_NNEF_RUN_CONV_EXPECTED_H
#define NNX_TEST_NNEF_RUN_CONV_EXPECTED_H

/* Data only: the types come from tests/unit/formats/nnef/nnef_run_harness.h, included first. */

static const uint32_t nrc_d1[] = {
    0xc0400000u, 0xbf800000u, 0x40400000u, 0x40000000u, 0x40400000u, 0x3f800000u, 0xc0400000u, 0x00000000u,
    0x40800000u, 0x40400000u, 0x3f800000u, 0xc0400000u, 0x00000000u, 0xc0400000u, 0xc0400000u, 0xc0400000u,
    0x40800000u, 0x3f800000u, 0xc0800000u, 0x3f800000u, 0x40800000u, 0xbf800000u, 0xc0000000u, 0x40400000u,
    0xbf800000u, 0x00000000u, 0x40400000u, 0xc0000000u, 0xbf800000u, 0x00000000u, 0x40800000u, 0xc0800000u,
    0xbf800000u, 0xc0800000u, 0x00000000u, 0xbf800000u, 0xc0800000u, 0x40400000u, 0xc0800000u, 0xbf800000u,
    0x40400000u, 0xc0000000u, 0x40000000u, 0x40400000u, 0xc0800000u, 0xc0000000u, 0x40000000u, 0x40000000u,
    0x40400000u, 0xc0400000u, 0x3f800000u, 0x3f800000u, 0x00000000u, 0xc0800000u,
};
static const uint32_t nrc_d2[] = {
    0x40000000u, 0xbf800000u, 0xc0400000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x00000000u, 0x40400000u,
    0x00000000u, 0x00000000u, 0x40800000u, 0xc0400000u, 0xc0000000u, 0x40000000u, 0xc0000000u, 0x3f800000u,
    0x40800000u, 0xc0400000u, 0xc0000000u, 0xbf800000u, 0x40800000u, 0x40000000u, 0xc0800000u, 0xc0800000u,
    0x00000000u, 0xc0400000u, 0x40800000u, 0xc0400000u, 0x40800000u, 0xc0400000u, 0x40400000u, 0x00000000u,
    0xbf800000u, 0x40800000u, 0xc0000000u, 0x40000000u,
};
static const uint32_t nrc_d3[] = {
    0x00000000u, 0xc1100000u, 0xc0a00000u, 0xc1000000u, 0xc1600000u, 0x41880000u, 0xc0800000u, 0xc1200000u,
    0x40e00000u, 0xc1c00000u, 0xc1b80000u, 0x41900000u, 0x41880000u, 0xc1100000u, 0x42000000u, 0xc1a80000u,
    0xc1200000u, 0x41b00000u, 0xbf800000u, 0x42380000u, 0x40a00000u, 0x40a00000u, 0x421c0000u, 0xc1600000u,
    0xc0c00000u, 0x41000000u, 0xc1100000u, 0x00000000u, 0xc0000000u, 0x40c00000u, 0xc0000000u, 0x41400000u,
    0xc1900000u, 0xc1600000u, 0xc1300000u, 0x41b00000u, 0xc1100000u, 0x41100000u, 0xc1800000u, 0x41700000u,
    0x41400000u, 0x40800000u, 0x41100000u, 0x3f800000u, 0xc1980000u, 0xc2040000u, 0x41900000u, 0xc1b80000u,
    0x424c0000u, 0xc1500000u, 0xc1000000u, 0xc1100000u, 0x41d00000u, 0xc2080000u, 0x41800000u, 0x40400000u,
    0x42480000u, 0xc2640000u, 0xbf800000u, 0x00000000u, 0xc1a80000u, 0xc0800000u, 0x420c0000u, 0x00000000u,
    0xc1600000u, 0x41300000u, 0x41100000u, 0xc0c00000u, 0x41700000u, 0xc1a00000u, 0x41a80000u, 0x41500000u,
};
static const nnef_run_tensor nrc_conv1d_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 3, 9}, nrc_d1, 0},
    {"f", NNX_FLOAT32, 3, {4, 3, 3}, nrc_d2, 0},
};
static const nnef_run_tensor nrc_conv1d_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 4, 9}, nrc_d3, 0},
};
/* conv 1-D, padding (1, 1) */
static const char nrc_conv1d_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv1d( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 3, 9]);\n"
    "    f = external<scalar>(shape = [4, 3, 3]);\n"
    "    y = conv(x, f, 0.0, border = 'constant', padding = [(1, 1)], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d4[] = {
    0xc0800000u, 0xbf800000u, 0x40400000u, 0x00000000u, 0x00000000u, 0xc0800000u, 0xc0400000u, 0x40000000u,
    0x40400000u, 0xc0800000u, 0xbf800000u, 0xc0400000u, 0x00000000u, 0x40800000u, 0xbf800000u, 0xc0000000u,
    0x40400000u, 0x3f800000u, 0x40000000u, 0x40400000u, 0x40800000u, 0xbf800000u,
};
static const uint32_t nrc_d5[] = {
    0xc0000000u, 0xc0800000u, 0x3f800000u, 0xc0400000u, 0xbf800000u, 0x3f800000u, 0xc0800000u, 0x40000000u,
    0x00000000u, 0xc0000000u, 0x3f800000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xc0800000u, 0x00000000u,
    0x00000000u, 0x00000000u,
};
static const uint32_t nrc_d6[] = {
    0x00000000u, 0x40800000u, 0x40000000u,
};
static const uint32_t nrc_d7[] = {
    0x41d00000u, 0xbf800000u, 0xc1900000u, 0x41b80000u, 0xc1600000u, 0xc1200000u, 0xc0e00000u, 0x42100000u,
    0xc1900000u, 0x40400000u, 0x41b80000u, 0xc1880000u, 0xc1200000u, 0x41200000u, 0x41000000u, 0xc1200000u,
    0x41400000u, 0xc0800000u,
};
static const nnef_run_tensor nrc_conv1d_stride_dilation_auto_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 2, 11}, nrc_d4, 0},
    {"f", NNX_FLOAT32, 3, {3, 2, 3}, nrc_d5, 0},
    {"b", NNX_FLOAT32, 2, {1, 3}, nrc_d6, 0},
};
static const nnef_run_tensor nrc_conv1d_stride_dilation_auto_out[] = {
    {"y", NNX_FLOAT32, 3, {1, 3, 6}, nrc_d7, 0},
};
/* conv 1-D stride 2, dilation 2, automatic padding, bias [1, 3] */
static const char nrc_conv1d_stride_dilation_auto_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv1d_stride_dilation_auto( x, f, b ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 11]);\n"
    "    f = external<scalar>(shape = [3, 2, 3]);\n"
    "    b = external<scalar>(shape = [1, 3]);\n"
    "    y = conv(x, f, b, border = 'constant', stride = [2], dilation = [2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d8[] = {
    0x3f800000u, 0x40400000u, 0xc0400000u, 0x00000000u, 0xc0400000u, 0x40000000u, 0xc0400000u, 0x40400000u,
    0x40800000u, 0xbf800000u, 0xc0400000u, 0xc0400000u, 0xc0000000u, 0xc0400000u, 0x40400000u, 0x40800000u,
    0x40400000u, 0xc0000000u, 0xc0400000u, 0x3f800000u,
};
static const uint32_t nrc_d9[] = {
    0x00000000u, 0x40400000u, 0xc0800000u, 0x3f800000u, 0x3f800000u, 0x40000000u, 0x00000000u, 0xc0800000u,
    0x00000000u, 0x40000000u, 0xc0800000u, 0x40000000u,
};
static const uint32_t nrc_d10[] = {
    0xc1500000u, 0xc1a00000u, 0x41f80000u, 0xc0800000u, 0x41000000u, 0xc1400000u,
};
static const nnef_run_tensor nrc_conv1d_reflect_even_negative_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 2, 10}, nrc_d8, 0},
    {"f", NNX_FLOAT32, 3, {2, 2, 3}, nrc_d9, 0},
};
static const nnef_run_tensor nrc_conv1d_reflect_even_negative_out[] = {
    {"y", NNX_FLOAT32, 3, {1, 2, 3}, nrc_d10, 0},
};
/* conv 1-D reflect-even, padding (2, -1), stride 3 */
static const char nrc_conv1d_reflect_even_negative_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv1d_reflect_even_negative( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 10]);\n"
    "    f = external<scalar>(shape = [2, 2, 3]);\n"
    "    y = conv(x, f, 0.0, border = 'reflect-even', padding = [(2, -1)], stride = [3], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d11[] = {
    0xc0800000u, 0x00000000u, 0x40400000u, 0x40400000u, 0x40400000u, 0x40800000u, 0x40000000u, 0x3f800000u,
    0x3f800000u, 0x00000000u, 0x40400000u, 0x40800000u, 0xc0800000u, 0x40400000u, 0x00000000u, 0x00000000u,
    0x40400000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0400000u, 0xbf800000u, 0xc0000000u, 0x40800000u,
    0x00000000u, 0x40800000u, 0x3f800000u, 0xc0800000u, 0xc0800000u, 0xc0400000u,
};
static const uint32_t nrc_d12[] = {
    0x40400000u, 0xc0800000u, 0x40400000u, 0x00000000u, 0x40000000u, 0xc0400000u, 0x00000000u, 0x40400000u,
    0xbf800000u, 0x3f800000u, 0x40000000u, 0x40800000u, 0xc0400000u, 0x40400000u, 0x00000000u, 0xc0800000u,
    0x40800000u, 0xc0400000u,
};
static const uint32_t nrc_d13[] = {
    0x41200000u, 0xc0400000u, 0xc0e00000u, 0x00000000u, 0xc0c00000u, 0xbf800000u, 0x41a00000u, 0xc1600000u,
    0x40000000u, 0x40a00000u, 0xbf800000u, 0xc0c00000u, 0x41400000u, 0x3f800000u, 0x41900000u, 0xc1b00000u,
    0x41600000u, 0xc1100000u, 0x40000000u, 0xc0800000u, 0x40a00000u, 0xc1400000u, 0x41a80000u, 0xc0800000u,
    0x41500000u, 0x40a00000u, 0xc2140000u, 0x41000000u, 0x00000000u, 0xc1400000u, 0xc0800000u, 0x41b80000u,
    0xc0e00000u, 0x41900000u, 0xc1e00000u, 0x00000000u, 0x41400000u, 0xc1500000u, 0xc0800000u, 0x40e00000u,
    0xc0a00000u, 0x00000000u, 0xc0c00000u, 0xc0e00000u, 0x40a00000u, 0x41100000u, 0xc1500000u, 0x00000000u,
    0x40e00000u, 0xc0800000u, 0xc1d80000u, 0x42040000u, 0x40c00000u, 0x41100000u, 0x42380000u, 0x40000000u,
    0x41000000u, 0xc0800000u, 0x42180000u, 0xc1700000u, 0x41d80000u, 0x41700000u, 0x41d00000u, 0xc1800000u,
    0xc1000000u, 0x41700000u, 0xc0c00000u, 0x41200000u, 0x41400000u, 0x41c80000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0xc1980000u, 0xc1e00000u, 0x41300000u, 0x41100000u, 0x00000000u, 0x41800000u, 0x41400000u,
    0xc1200000u, 0xc1b80000u, 0xc1c00000u, 0xc1200000u,
};
static const uint32_t nrc_d14[] = {
    0xc1b00000u, 0x41600000u, 0xc1100000u, 0x41a80000u, 0xc0800000u, 0x41500000u, 0xc1400000u, 0xc0800000u,
    0x41b80000u, 0xc0800000u, 0x42180000u, 0xc1700000u, 0xc1000000u, 0x41700000u, 0xc0c00000u, 0x00000000u,
    0x00000000u, 0xc1980000u,
};
static const uint32_t nrc_d15[] = {
    0xc0e00000u, 0xc0c00000u, 0x41a00000u, 0x41600000u, 0x40000000u, 0x40a00000u, 0xc0800000u, 0xc0e00000u,
    0xc1e00000u, 0x40a00000u, 0xc1500000u, 0x40e00000u, 0x42180000u, 0x41d80000u, 0x41d00000u, 0x00000000u,
    0xc1e00000u, 0x41100000u,
};
static const uint32_t nrc_d16[] = {
    0x00000000u, 0xc0c00000u, 0x41000000u, 0x40400000u, 0xc1980000u, 0x41a00000u, 0x41f80000u, 0xc1100000u,
    0xc1800000u, 0xbf800000u, 0x3f800000u, 0xc1000000u, 0x41000000u, 0x41200000u, 0xc0c00000u, 0x41400000u,
    0xc0400000u, 0x40400000u, 0x40c00000u, 0xc1980000u, 0x42000000u, 0x42440000u, 0xc1200000u, 0x41700000u,
    0x40000000u, 0x41600000u, 0x41b80000u, 0x41900000u, 0xc1a80000u, 0x40400000u,
};
static const nnef_run_tensor nrc_conv2d_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 5, 6}, nrc_d11, 0},
    {"f", NNX_FLOAT32, 4, {2, 1, 3, 3}, nrc_d12, 0},
};
static const nnef_run_tensor nrc_conv2d_constant_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 7}, nrc_d13, 0},
    {"y_negative", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrc_d14, 0},
    {"y_auto", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrc_d15, 0},
    {"y_dilated", NNX_FLOAT32, 4, {1, 2, 5, 3}, nrc_d16, 0},
};
/* conv 2-D border constant: padding (1, 2), (2, 1); negative padding; automatic padding with stride 2; dilation 2 with stride (1, 2) */
static const char nrc_conv2d_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv2d_constant( x, f ) -> ( y, y_negative, y_auto, y_dilated )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 5, 6]);\n"
    "    f = external<scalar>(shape = [2, 1, 3, 3]);\n"
    "    y = conv(x, f, 0.0, border = 'constant', padding = [(1, 2), (2, 1)], groups = 1);\n"
    "    y_negative = conv(x, f, 0.0, border = 'constant', padding = [(-1, 1), (1, -2)], groups = 1);\n"
    "    y_auto = conv(x, f, 0.0, border = 'constant', stride = [2, 2], groups = 1);\n"
    "    y_dilated = conv(x, f, 0.0, border = 'constant', padding = [(2, 2), (1, 3)], stride = [1, 2], dilation = [2, 2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d17[] = {
    0x3f800000u, 0xbf800000u, 0xc0000000u, 0x40400000u, 0xc0000000u, 0x3f800000u, 0x40000000u, 0xbf800000u,
    0x40000000u, 0x00000000u, 0x40400000u, 0xc0800000u, 0x40800000u, 0xc0000000u, 0x3f800000u, 0x40400000u,
    0x00000000u, 0xc0800000u, 0xc0000000u, 0x40400000u, 0xc0800000u, 0xc0800000u, 0xbf800000u, 0x00000000u,
    0x00000000u, 0x40000000u, 0xc0000000u, 0xc0800000u, 0x40000000u, 0xc0800000u,
};
static const uint32_t nrc_d18[] = {
    0x40400000u, 0x3f800000u, 0x40000000u, 0x40800000u, 0x3f800000u, 0xc0800000u, 0xc0000000u, 0x40000000u,
    0x00000000u, 0x40800000u, 0xc0800000u, 0xc0800000u, 0x3f800000u, 0xc0400000u, 0xc0400000u, 0x00000000u,
    0x3f800000u, 0x40800000u,
};
static const uint32_t nrc_d19[] = {
    0x40e00000u, 0x41300000u, 0x40400000u, 0xc1300000u, 0xc1000000u, 0x41a80000u, 0xc1e00000u, 0x41000000u,
    0x41800000u, 0xc1700000u, 0x40a00000u, 0xc0e00000u, 0x41b00000u, 0x41500000u, 0x41800000u, 0x42080000u,
    0x41e80000u, 0xc2080000u, 0x41980000u, 0x41e80000u, 0x41300000u, 0x41b00000u, 0xc1200000u, 0x41d80000u,
    0x41880000u, 0xc1600000u, 0xc0800000u, 0xc1e00000u, 0xc1400000u, 0xc1200000u, 0x40400000u, 0x41300000u,
    0xc2280000u, 0x3f800000u, 0x40a00000u, 0x00000000u, 0xc0800000u, 0x41400000u, 0x41200000u, 0xc1f00000u,
    0xc0800000u, 0x40000000u, 0x3f800000u, 0x40400000u, 0x42040000u, 0xc1200000u, 0xc0a00000u, 0x41100000u,
    0xc2300000u, 0x40c00000u, 0xbf800000u, 0x41880000u, 0xc0000000u, 0xc1800000u, 0x40400000u, 0xc1100000u,
    0xc2180000u, 0x41400000u, 0xc0000000u, 0xc2380000u, 0xc1a00000u, 0x41900000u, 0x42880000u, 0xc0c00000u,
    0x41300000u, 0x41700000u, 0xc1700000u, 0x40e00000u, 0x41500000u, 0x41300000u, 0x41000000u, 0xc1200000u,
    0xc1200000u, 0x42380000u, 0x41400000u, 0xc1c00000u, 0x40000000u, 0x00000000u, 0xc0c00000u, 0xc0c00000u,
    0x42080000u, 0x41000000u, 0xc1a00000u, 0x42380000u,
};
static const uint32_t nrc_d20[] = {
    0x42080000u, 0x41e80000u, 0xc2080000u, 0xc1200000u, 0x41d80000u, 0x41880000u, 0xc1200000u, 0x40400000u,
    0x41300000u, 0x41400000u, 0xc0000000u, 0xc2380000u, 0x41300000u, 0x41700000u, 0xc1700000u, 0xc1200000u,
    0xc1200000u, 0x42380000u,
};
static const uint32_t nrc_d21[] = {
    0x40400000u, 0xc1000000u, 0xc1e00000u, 0x41e80000u, 0x41980000u, 0x41300000u, 0x40400000u, 0xc2280000u,
    0x40a00000u, 0x42040000u, 0xc0a00000u, 0xc2300000u, 0xc0000000u, 0xc1a00000u, 0x42880000u, 0xc1200000u,
    0x41400000u, 0x40000000u,
};
static const uint32_t nrc_d22[] = {
    0xc1500000u, 0x40e00000u, 0x40e00000u, 0x41c80000u, 0x00000000u, 0x42000000u, 0x41600000u, 0x3f800000u,
    0x42100000u, 0x41a00000u, 0xc1700000u, 0xc1e00000u, 0x42180000u, 0xc0400000u, 0xc0e00000u, 0x3f800000u,
    0xc2380000u, 0xc1980000u, 0xc1400000u, 0xc1500000u, 0x41e00000u, 0xc1880000u, 0xc21c0000u, 0x41300000u,
    0xbf800000u, 0x40e00000u, 0x41000000u, 0x40800000u, 0x40000000u, 0x42300000u,
};
static const nnef_run_tensor nrc_conv2d_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 5, 6}, nrc_d17, 0},
    {"f", NNX_FLOAT32, 4, {2, 1, 3, 3}, nrc_d18, 0},
};
static const nnef_run_tensor nrc_conv2d_replicate_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 7}, nrc_d19, 0},
    {"y_negative", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrc_d20, 0},
    {"y_auto", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrc_d21, 0},
    {"y_dilated", NNX_FLOAT32, 4, {1, 2, 5, 3}, nrc_d22, 0},
};
/* conv 2-D border replicate: padding (1, 2), (2, 1); negative padding; automatic padding with stride 2; dilation 2 with stride (1, 2) */
static const char nrc_conv2d_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv2d_replicate( x, f ) -> ( y, y_negative, y_auto, y_dilated )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 5, 6]);\n"
    "    f = external<scalar>(shape = [2, 1, 3, 3]);\n"
    "    y = conv(x, f, 0.0, border = 'replicate', padding = [(1, 2), (2, 1)], groups = 1);\n"
    "    y_negative = conv(x, f, 0.0, border = 'replicate', padding = [(-1, 1), (1, -2)], groups = 1);\n"
    "    y_auto = conv(x, f, 0.0, border = 'replicate', stride = [2, 2], groups = 1);\n"
    "    y_dilated = conv(x, f, 0.0, border = 'replicate', padding = [(2, 2), (1, 3)], stride = [1, 2], dilation = [2, 2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d23[] = {
    0x3f800000u, 0xc0800000u, 0x3f800000u, 0x40400000u, 0xc0800000u, 0xc0000000u, 0xc0400000u, 0xc0800000u,
    0xbf800000u, 0xc0000000u, 0x3f800000u, 0xc0800000u, 0xc0400000u, 0x3f800000u, 0x3f800000u, 0xc0400000u,
    0xbf800000u, 0xbf800000u, 0x3f800000u, 0x00000000u, 0xc0800000u, 0xbf800000u, 0x3f800000u, 0xc0000000u,
    0xbf800000u, 0xc0000000u, 0xc0800000u, 0x40800000u, 0x40000000u, 0x40000000u,
};
static const uint32_t nrc_d24[] = {
    0xc0800000u, 0x3f800000u, 0xc0000000u, 0xbf800000u, 0x40000000u, 0x40000000u, 0x40400000u, 0xbf800000u,
    0xc0800000u, 0x40000000u, 0x40400000u, 0xc0400000u, 0x40400000u, 0x40800000u, 0x40000000u, 0xbf800000u,
    0xc0800000u, 0xc0800000u,
};
static const uint32_t nrc_d25[] = {
    0x41400000u, 0x41d00000u, 0x40000000u, 0x41e00000u, 0xc1000000u, 0x41300000u, 0xc1700000u, 0xc1100000u,
    0x41880000u, 0xc1f80000u, 0x41b80000u, 0x41800000u, 0xc1a00000u, 0x41880000u, 0xc1700000u, 0x41700000u,
    0x42100000u, 0x41b00000u, 0xc1c00000u, 0x41a00000u, 0xc1400000u, 0x40400000u, 0xc0800000u, 0x41880000u,
    0xc1c80000u, 0xc1c80000u, 0x41600000u, 0xc0000000u, 0xc0800000u, 0xc0800000u, 0x41400000u, 0x41000000u,
    0x41600000u, 0x41880000u, 0xbf800000u, 0x42100000u, 0x41700000u, 0xc1500000u, 0x00000000u, 0x41f00000u,
    0xc1b80000u, 0xc1300000u, 0x41500000u, 0x41300000u, 0xc0400000u, 0x41100000u, 0x3f800000u, 0x41600000u,
    0xc1f00000u, 0xc1f80000u, 0xc1900000u, 0xc2340000u, 0xc1d80000u, 0x41e80000u, 0x3f800000u, 0xc0800000u,
    0xc0800000u, 0xc1800000u, 0xc0400000u, 0x41800000u, 0xc1900000u, 0x3f800000u, 0xc1980000u, 0x41a00000u,
    0x41000000u, 0x41600000u, 0xc0000000u, 0xc2180000u, 0xc1e80000u, 0xc1b80000u, 0xc2040000u, 0xc1700000u,
    0x41200000u, 0xc0400000u, 0xc0000000u, 0x42100000u, 0x41600000u, 0xc1600000u, 0x41200000u, 0xc0c00000u,
    0xc21c0000u, 0xbf800000u, 0x41800000u, 0x41200000u,
};
static const uint32_t nrc_d26[] = {
    0x41700000u, 0x42100000u, 0x41b00000u, 0xc0800000u, 0x41880000u, 0xc1c80000u, 0xc0800000u, 0x41400000u,
    0x41000000u, 0xc1800000u, 0xc0400000u, 0x41800000u, 0x41000000u, 0x41600000u, 0xc0000000u, 0xc1700000u,
    0x41200000u, 0xc0400000u,
};
static const uint32_t nrc_d27[] = {
    0x40000000u, 0xc1000000u, 0xc1700000u, 0x42100000u, 0xc1c00000u, 0xc1400000u, 0x41400000u, 0x41600000u,
    0xbf800000u, 0xc0400000u, 0x3f800000u, 0xc1f00000u, 0xc0400000u, 0xc1900000u, 0xc1980000u, 0x41200000u,
    0xc0000000u, 0x41600000u,
};
static const uint32_t nrc_d28[] = {
    0x41980000u, 0x41300000u, 0x41a00000u, 0x41400000u, 0x41b80000u, 0x3f800000u, 0xc1980000u, 0xc0800000u,
    0xc1f80000u, 0x41900000u, 0x41c80000u, 0x40c00000u, 0x41b80000u, 0x41980000u, 0x41e80000u, 0xbf800000u,
    0x40e00000u, 0x41d00000u, 0xc2280000u, 0xc1900000u, 0xc1b80000u, 0xc2080000u, 0xc1d00000u, 0xc2600000u,
    0xc1400000u, 0x40000000u, 0xc1200000u, 0x41700000u, 0x41c80000u, 0x423c0000u,
};
static const nnef_run_tensor nrc_conv2d_reflect_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 5, 6}, nrc_d23, 0},
    {"f", NNX_FLOAT32, 4, {2, 1, 3, 3}, nrc_d24, 0},
};
static const nnef_run_tensor nrc_conv2d_reflect_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 7}, nrc_d25, 0},
    {"y_negative", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrc_d26, 0},
    {"y_auto", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrc_d27, 0},
    {"y_dilated", NNX_FLOAT32, 4, {1, 2, 5, 3}, nrc_d28, 0},
};
/* conv 2-D border reflect: padding (1, 2), (2, 1); negative padding; automatic padding with stride 2; dilation 2 with stride (1, 2) */
static const char nrc_conv2d_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv2d_reflect( x, f ) -> ( y, y_negative, y_auto, y_dilated )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 5, 6]);\n"
    "    f = external<scalar>(shape = [2, 1, 3, 3]);\n"
    "    y = conv(x, f, 0.0, border = 'reflect', padding = [(1, 2), (2, 1)], groups = 1);\n"
    "    y_negative = conv(x, f, 0.0, border = 'reflect', padding = [(-1, 1), (1, -2)], groups = 1);\n"
    "    y_auto = conv(x, f, 0.0, border = 'reflect', stride = [2, 2], groups = 1);\n"
    "    y_dilated = conv(x, f, 0.0, border = 'reflect', padding = [(2, 2), (1, 3)], stride = [1, 2], dilation = [2, 2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d29[] = {
    0x40000000u, 0x40800000u, 0x3f800000u, 0x40400000u, 0xc0400000u, 0xc0800000u, 0x40800000u, 0x00000000u,
    0xc0400000u, 0x3f800000u, 0x00000000u, 0x40000000u, 0x40400000u, 0x40400000u, 0xbf800000u, 0x40400000u,
    0xc0800000u, 0x40000000u, 0xc0000000u, 0xc0800000u, 0xc0400000u, 0xbf800000u, 0xc0800000u, 0x40000000u,
    0xc0400000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xc0800000u, 0x40000000u,
};
static const uint32_t nrc_d30[] = {
    0xc0000000u, 0x40800000u, 0xc0400000u, 0xc0800000u, 0x40800000u, 0x00000000u, 0x40400000u, 0xc0800000u,
    0x40400000u, 0x40400000u, 0xbf800000u, 0xc0400000u, 0x40000000u, 0x40800000u, 0x40800000u, 0xbf800000u,
    0x40000000u, 0x3f800000u,
};
static const uint32_t nrc_d31[] = {
    0xc1900000u, 0xc1400000u, 0x41a00000u, 0xc1200000u, 0x41600000u, 0xc1a80000u, 0xc0800000u, 0x41800000u,
    0xc0000000u, 0xc1500000u, 0xc0400000u, 0x41000000u, 0x41a80000u, 0xc0800000u, 0xc0c00000u, 0xc0000000u,
    0x40000000u, 0xc2080000u, 0x41100000u, 0xc1880000u, 0x41400000u, 0x41000000u, 0x00000000u, 0xc1600000u,
    0xc0e00000u, 0x41800000u, 0xc1900000u, 0x41a00000u, 0xc0400000u, 0x41300000u, 0xc0c00000u, 0xbf800000u,
    0x40800000u, 0xc1600000u, 0x41a00000u, 0xc1c80000u, 0xc1800000u, 0x41c80000u, 0xc1980000u, 0x40e00000u,
    0xc1980000u, 0x41a00000u, 0x42200000u, 0x41c00000u, 0x41800000u, 0x41a80000u, 0x41800000u, 0x40400000u,
    0xc1c80000u, 0x42280000u, 0x41b00000u, 0xc0400000u, 0xc1000000u, 0x41200000u, 0x41c80000u, 0x42040000u,
    0x41400000u, 0x42000000u, 0x41d00000u, 0x41300000u, 0xc1980000u, 0xc1200000u, 0x41200000u, 0xc2100000u,
    0xc2080000u, 0xc1b00000u, 0xc1d80000u, 0xc1b00000u, 0xc1100000u, 0xc0000000u, 0xc2140000u, 0xc1500000u,
    0xc0c00000u, 0xc1900000u, 0xc1900000u, 0xc1980000u, 0xc0000000u, 0xc1600000u, 0xc1f00000u, 0xc1d00000u,
    0xc1100000u, 0xc1880000u, 0xc1700000u, 0xc0000000u,
};
static const uint32_t nrc_d32[] = {
    0xc0000000u, 0x40000000u, 0xc2080000u, 0x00000000u, 0xc1600000u, 0xc0e00000u, 0x41300000u, 0xc0c00000u,
    0xbf800000u, 0x42000000u, 0x41d00000u, 0x41300000u, 0xc2080000u, 0xc1b00000u, 0xc1d80000u, 0xc1500000u,
    0xc0c00000u, 0xc1900000u,
};
static const uint32_t nrc_d33[] = {
    0x41a00000u, 0x41600000u, 0xc0800000u, 0x40000000u, 0x41100000u, 0x41400000u, 0xc0c00000u, 0x40800000u,
    0x41a00000u, 0x41800000u, 0x41800000u, 0xc1c80000u, 0x41d00000u, 0xc1980000u, 0x41200000u, 0xc0c00000u,
    0xc1900000u, 0xc0000000u,
};
static const uint32_t nrc_d34[] = {
    0x40400000u, 0xc0400000u, 0xc2040000u, 0xc0c00000u, 0x41900000u, 0xc2000000u, 0xc0c00000u, 0x41b00000u,
    0xc2140000u, 0xc1e00000u, 0x41800000u, 0xc0000000u, 0x41800000u, 0xc0000000u, 0xbf800000u, 0x423c0000u,
    0x40000000u, 0xc1c00000u, 0xc0000000u, 0x42140000u, 0x42040000u, 0x41d00000u, 0x42440000u, 0x41a00000u,
    0xc1400000u, 0xc1100000u, 0xc1100000u, 0xc1800000u, 0x41400000u, 0x41400000u,
};
static const nnef_run_tensor nrc_conv2d_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 5, 6}, nrc_d29, 0},
    {"f", NNX_FLOAT32, 4, {2, 1, 3, 3}, nrc_d30, 0},
};
static const nnef_run_tensor nrc_conv2d_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 7}, nrc_d31, 0},
    {"y_negative", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrc_d32, 0},
    {"y_auto", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrc_d33, 0},
    {"y_dilated", NNX_FLOAT32, 4, {1, 2, 5, 3}, nrc_d34, 0},
};
/* conv 2-D border reflect-even: padding (1, 2), (2, 1); negative padding; automatic padding with stride 2; dilation 2 with stride (1, 2) */
static const char nrc_conv2d_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv2d_reflect_even( x, f ) -> ( y, y_negative, y_auto, y_dilated )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 5, 6]);\n"
    "    f = external<scalar>(shape = [2, 1, 3, 3]);\n"
    "    y = conv(x, f, 0.0, border = 'reflect-even', padding = [(1, 2), (2, 1)], groups = 1);\n"
    "    y_negative = conv(x, f, 0.0, border = 'reflect-even', padding = [(-1, 1), (1, -2)], groups = 1);\n"
    "    y_auto = conv(x, f, 0.0, border = 'reflect-even', stride = [2, 2], groups = 1);\n"
    "    y_dilated = conv(x, f, 0.0, border = 'reflect-even', padding = [(2, 2), (1, 3)], stride = [1, 2], dilation = [2, 2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d35[] = {
    0xbf800000u, 0xbf800000u, 0xc0800000u, 0x00000000u, 0x40800000u, 0xc0000000u, 0xc0000000u, 0xbf800000u,
    0x40800000u, 0xc0800000u, 0x40400000u, 0xc0000000u, 0xc0400000u, 0x3f800000u, 0xc0000000u, 0x40400000u,
    0x00000000u, 0xbf800000u, 0x40000000u, 0xc0800000u, 0xc0000000u, 0x00000000u, 0x40000000u, 0xbf800000u,
    0xbf800000u, 0xc0800000u, 0x40800000u, 0xc0000000u, 0x40000000u, 0x40400000u, 0xc0400000u, 0x3f800000u,
    0x3f800000u, 0xbf800000u, 0x40800000u, 0x3f800000u, 0xc0800000u, 0xc0800000u, 0xc0400000u, 0xc0800000u,
    0x3f800000u, 0xc0000000u, 0x40000000u, 0x3f800000u, 0x40400000u, 0xc0000000u, 0xc0800000u, 0x40000000u,
    0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0400000u, 0x40400000u, 0xc0400000u,
    0x40000000u, 0x00000000u, 0x40000000u, 0xc0800000u, 0xbf800000u, 0x40000000u, 0x3f800000u, 0x40400000u,
    0xc0400000u, 0x40400000u, 0xc0400000u, 0xc0800000u, 0xc0800000u, 0xc0400000u, 0xc0400000u, 0x40400000u,
    0x00000000u, 0x3f800000u, 0xc0800000u, 0x3f800000u, 0xc0800000u, 0xbf800000u, 0x40400000u, 0xc0000000u,
    0xc0400000u, 0xbf800000u, 0xc0400000u, 0xbf800000u, 0x40800000u, 0x40000000u, 0x40400000u, 0xc0800000u,
    0xc0800000u, 0x3f800000u, 0x00000000u, 0x40800000u, 0x40000000u, 0xc0400000u, 0xc0800000u, 0xc0800000u,
    0x40400000u, 0x40000000u, 0xc0400000u, 0xc0000000u,
};
static const uint32_t nrc_d36[] = {
    0x00000000u, 0xc0000000u, 0xc0800000u, 0x40400000u, 0xc0800000u, 0x3f800000u, 0x40800000u, 0xc0400000u,
    0xc0800000u, 0x3f800000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0x3f800000u, 0xbf800000u,
    0x40400000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xc0800000u, 0x40000000u, 0x40000000u, 0x3f800000u,
    0xc0400000u, 0x00000000u, 0x40400000u, 0x40000000u, 0xc0000000u, 0xc0000000u, 0x40000000u, 0x00000000u,
    0x00000000u, 0xbf800000u, 0x40000000u, 0x40000000u, 0x40800000u, 0x3f800000u, 0xc0800000u, 0x40000000u,
    0xc0000000u, 0x40800000u, 0x40800000u, 0xbf800000u, 0x3f800000u, 0x00000000u, 0xc0000000u, 0xbf800000u,
    0x3f800000u, 0xc0800000u, 0x3f800000u, 0x40000000u, 0x40400000u, 0x3f800000u, 0x40000000u, 0x40400000u,
    0x3f800000u, 0x40800000u, 0x40400000u, 0xc0800000u, 0xc0000000u, 0xc0800000u, 0x40000000u, 0x00000000u,
    0x40400000u, 0xbf800000u, 0xc0400000u, 0xc0000000u, 0xbf800000u, 0xc0800000u, 0xc0400000u, 0xc0400000u,
    0x40800000u, 0xc0000000u, 0xc0400000u, 0x3f800000u, 0xbf800000u, 0x00000000u, 0xc0400000u, 0xc0800000u,
    0x00000000u, 0x3f800000u, 0xc0800000u, 0x00000000u, 0x40400000u, 0x3f800000u, 0x40000000u, 0xc0400000u,
    0x00000000u, 0x40400000u, 0x40000000u, 0x00000000u, 0x40800000u, 0xbf800000u, 0x3f800000u, 0x3f800000u,
    0x40400000u, 0x40400000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0400000u, 0xc0400000u, 0x40000000u,
    0x00000000u, 0xc0000000u, 0x40800000u, 0x40800000u,
};
static const uint32_t nrc_d37[] = {
    0xbf800000u, 0xbf800000u, 0xc0400000u, 0xc0000000u, 0xc0400000u, 0x40400000u,
};
static const uint32_t nrc_d38[] = {
    0x41d80000u, 0x40000000u, 0xc1500000u, 0xc1200000u, 0x40800000u, 0x41d00000u, 0x42000000u, 0xc0e00000u,
    0xc28c0000u, 0xc0000000u, 0xc1100000u, 0x41d80000u, 0x41c80000u, 0x41400000u, 0x42640000u, 0xc0a00000u,
    0x42100000u, 0x42200000u, 0x40c00000u, 0x41500000u, 0x41100000u, 0x41d00000u, 0xc1d00000u, 0x41200000u,
    0x41e80000u, 0xc1600000u, 0xc0e00000u, 0x41600000u, 0xc1500000u, 0x41000000u, 0xc1700000u, 0xc2340000u,
    0x41000000u, 0xc1d00000u, 0xc1500000u, 0x41500000u, 0xc1700000u, 0xc1600000u, 0xc0800000u, 0xc1e00000u,
    0x40e00000u, 0x42200000u, 0xc0000000u, 0xc0c00000u, 0xc0800000u, 0xc0400000u, 0xc0e00000u, 0xc1c00000u,
    0x41900000u, 0xc1a80000u, 0x40e00000u, 0xc2480000u, 0x41900000u, 0xc1300000u, 0x41100000u, 0x40e00000u,
    0xc1300000u, 0xc1d00000u, 0xc2be0000u, 0xc1900000u, 0xc1800000u, 0x41000000u, 0xc1000000u, 0xbf800000u,
    0x422c0000u, 0xc1200000u, 0x41c00000u, 0xc1700000u, 0xc1a80000u, 0xc1700000u, 0x41000000u, 0x420c0000u,
    0xc2240000u, 0x41b00000u, 0x40e00000u, 0x42000000u, 0x41600000u, 0x41100000u, 0xc2540000u, 0xc0c00000u,
    0xc1e00000u, 0xc2180000u, 0xc1300000u, 0x41e80000u, 0x40a00000u, 0xc2820000u, 0xc2000000u, 0xbf800000u,
    0x42880000u, 0x426c0000u, 0x42180000u, 0x41a00000u, 0xc2080000u, 0xc1c00000u, 0x41b00000u, 0xc1800000u,
    0x40000000u, 0xc1880000u, 0xc1100000u, 0xc1d00000u, 0x40400000u, 0xc0a00000u, 0xc1800000u, 0x40a00000u,
    0x41300000u, 0x41c00000u, 0xc1d00000u, 0xc21c0000u, 0xc21c0000u, 0x41400000u, 0x41900000u, 0xc1300000u,
    0x41400000u, 0x00000000u, 0x41c00000u, 0x41300000u, 0x40a00000u, 0xc0a00000u, 0xc0a00000u, 0x41700000u,
    0x40a00000u, 0x00000000u, 0x41100000u, 0x41200000u, 0xc0c00000u, 0xc2100000u, 0xc1c80000u, 0xc0c00000u,
    0x42600000u, 0x41000000u, 0xc0400000u, 0xc0400000u, 0xc2480000u, 0x41f00000u, 0x41200000u, 0x42880000u,
    0x42840000u, 0x40000000u, 0xc2480000u, 0xc1e00000u, 0xc1f80000u, 0x41b80000u, 0x41880000u, 0x40000000u,
    0x41400000u, 0xc1e80000u, 0xc0a00000u, 0xc2240000u, 0xc1800000u, 0x41b80000u,
};
static const nnef_run_tensor nrc_conv2d_groups2_bias_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 4, 5, 5}, nrc_d35, 0},
    {"f", NNX_FLOAT32, 4, {6, 2, 3, 3}, nrc_d36, 0},
    {"b", NNX_FLOAT32, 2, {1, 6}, nrc_d37, 0},
};
static const nnef_run_tensor nrc_conv2d_groups2_bias_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 6, 5, 5}, nrc_d38, 0},
};
/* conv 2-D groups 2, bias [1, 6] */
static const char nrc_conv2d_groups2_bias_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv2d_groups2_bias( x, f, b ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 4, 5, 5]);\n"
    "    f = external<scalar>(shape = [6, 2, 3, 3]);\n"
    "    b = external<scalar>(shape = [1, 6]);\n"
    "    y = conv(x, f, b, border = 'constant', padding = [(1, 1), (1, 1)], groups = 2);\n"
    "}\n";
static const uint32_t nrc_d39[] = {
    0x40400000u, 0xc0800000u, 0x00000000u, 0xc0400000u, 0xc0000000u, 0xbf800000u, 0x40800000u, 0x00000000u,
    0x00000000u, 0x40800000u, 0x40000000u, 0x40000000u, 0x00000000u, 0xbf800000u, 0xbf800000u, 0xc0800000u,
    0xc0000000u, 0x00000000u, 0xc0400000u, 0x40800000u, 0xc0800000u, 0xc0800000u, 0x00000000u, 0xbf800000u,
    0x40800000u, 0x40800000u, 0x3f800000u, 0xc0800000u, 0x40800000u, 0x40000000u, 0xc0400000u, 0x40400000u,
    0xbf800000u, 0x40800000u, 0xc0800000u, 0x40000000u, 0x40800000u, 0xc0400000u, 0xbf800000u, 0x40400000u,
    0x00000000u, 0xc0400000u, 0xc0400000u, 0xc0400000u, 0x40400000u, 0x40000000u, 0x40400000u, 0xc0400000u,
    0x40400000u, 0xc0000000u, 0x40400000u, 0x00000000u, 0x40800000u, 0x3f800000u, 0xc0800000u, 0x00000000u,
    0xc0400000u, 0x3f800000u, 0x3f800000u, 0xc0400000u, 0x40000000u, 0x40000000u, 0x40800000u, 0x3f800000u,
    0xc0800000u, 0x3f800000u, 0x00000000u, 0xc0000000u, 0xc0800000u, 0x00000000u, 0xc0000000u, 0xc0000000u,
    0x40400000u, 0x40800000u, 0x3f800000u, 0x40800000u, 0xbf800000u, 0xc0000000u, 0xc0400000u, 0x40400000u,
    0x00000000u, 0x3f800000u, 0xbf800000u, 0xc0000000u, 0x00000000u, 0xbf800000u, 0xc0400000u, 0x40800000u,
    0xc0400000u, 0x40800000u,
};
static const uint32_t nrc_d40[] = {
    0x40000000u, 0x3f800000u, 0x40800000u, 0xbf800000u, 0x40000000u, 0xc0400000u, 0x40000000u, 0xc0400000u,
    0xbf800000u, 0x40000000u, 0x00000000u, 0x40800000u, 0x40400000u, 0xc0800000u, 0xc0000000u, 0xc0800000u,
    0x40000000u, 0xc0800000u, 0x3f800000u, 0x00000000u, 0xc0400000u, 0xc0000000u, 0xc0800000u, 0x3f800000u,
    0xc0000000u, 0x40400000u, 0x40800000u,
};
static const uint32_t nrc_d41[] = {
    0x40800000u, 0xbf800000u, 0xc1300000u, 0xc1c80000u, 0xc1200000u, 0xc1200000u, 0xc0000000u, 0x40000000u,
    0xc1d80000u, 0x40400000u, 0xc1a00000u, 0xc1880000u, 0x41600000u, 0xc0a00000u, 0x424c0000u, 0x41700000u,
    0x41300000u, 0x41a00000u, 0xc1d80000u, 0x41500000u, 0xc1200000u, 0xc1000000u, 0xc1c80000u, 0xc0400000u,
    0xc1100000u, 0xc1b00000u, 0x40e00000u, 0xc1b80000u, 0xc1e00000u, 0xc1300000u, 0x40e00000u, 0xc23c0000u,
    0x41c80000u, 0xc1980000u, 0x42200000u, 0xc1900000u, 0x41d00000u, 0x41200000u, 0x41a80000u, 0xc2540000u,
    0x42240000u, 0x41400000u, 0x40e00000u, 0xc1d80000u, 0xc0a00000u, 0xc20c0000u, 0xc0000000u, 0xc0400000u,
    0xc1100000u, 0x42340000u, 0xc1d00000u, 0x41e80000u, 0xc1800000u, 0x40000000u, 0x41200000u, 0x42200000u,
    0xc0800000u, 0x41880000u, 0x41980000u, 0x420c0000u, 0xc1b00000u, 0xc2200000u, 0xc1e00000u, 0x00000000u,
    0xbf800000u, 0xc1400000u, 0x41500000u, 0x40800000u, 0x41f00000u, 0x41e00000u, 0xc1700000u, 0xc1100000u,
    0x3f800000u, 0x40c00000u, 0xc1400000u, 0xc1900000u, 0xc1500000u, 0x00000000u, 0x41000000u, 0xc1a80000u,
    0xc0800000u, 0x40a00000u, 0x41100000u, 0x423c0000u, 0xc1880000u, 0xc1880000u, 0x41d80000u, 0xc0800000u,
    0x41600000u, 0x42040000u,
};
static const nnef_run_tensor nrc_conv2d_depthwise_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 3, 5, 6}, nrc_d39, 0},
    {"f", NNX_FLOAT32, 4, {3, 1, 3, 3}, nrc_d40, 0},
};
static const nnef_run_tensor nrc_conv2d_depthwise_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 3, 5, 6}, nrc_d41, 0},
};
/* conv 2-D groups 0 (depthwise), replicate, auto padding */
static const char nrc_conv2d_depthwise_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv2d_depthwise( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 3, 5, 6]);\n"
    "    f = external<scalar>(shape = [3, 1, 3, 3]);\n"
    "    y = conv(x, f, 0.0, border = 'replicate', groups = 0);\n"
    "}\n";
static const uint32_t nrc_d42[] = {
    0xc0800000u, 0x00000000u, 0xbf800000u, 0x3f800000u, 0xc0800000u, 0x3f800000u, 0x40000000u, 0x40000000u,
    0x40000000u, 0x3f800000u, 0x00000000u, 0xbf800000u, 0xc0400000u, 0x00000000u, 0xc0000000u, 0x40400000u,
    0x3f800000u, 0x40000000u, 0xc0800000u, 0x40400000u, 0xc0000000u, 0xbf800000u, 0xbf800000u, 0xc0400000u,
    0xbf800000u, 0xc0400000u, 0x40800000u, 0xc0000000u, 0x3f800000u, 0xc0000000u, 0x3f800000u, 0xc0000000u,
    0x3f800000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xc0000000u, 0x40800000u, 0x40000000u, 0xc0000000u,
    0xc0800000u, 0x40000000u, 0x40800000u, 0x3f800000u, 0x3f800000u, 0xc0000000u, 0x40000000u, 0x00000000u,
    0x40800000u, 0xc0400000u,
};
static const uint32_t nrc_d43[] = {
    0xbf800000u, 0xbf800000u, 0xc0400000u, 0x3f800000u, 0xbf800000u, 0xc0800000u, 0x40400000u, 0x00000000u,
    0xbf800000u, 0xbf800000u, 0x00000000u, 0xc0400000u, 0x3f800000u, 0x00000000u, 0xc0800000u, 0xc0400000u,
    0x00000000u, 0x40800000u, 0x40800000u, 0xc0400000u, 0x3f800000u, 0xbf800000u, 0xc0000000u, 0x00000000u,
};
static const uint32_t nrc_d44[] = {
    0x40b00000u, 0x40600000u, 0xc0200000u, 0xc0600000u, 0xbfc00000u, 0xbf000000u, 0xc0600000u, 0xc0600000u,
    0x40b00000u, 0xc0900000u, 0x40600000u, 0xc0d00000u, 0x40600000u, 0xc0d00000u, 0x418c0000u, 0xc0900000u,
    0x3fc00000u, 0xbf000000u, 0x40200000u, 0x41180000u, 0x40200000u, 0x40600000u, 0x40200000u, 0x40900000u,
    0x40900000u, 0x41840000u, 0x40f00000u, 0x41280000u, 0x40600000u, 0x41ac0000u, 0xc0600000u, 0xc1080000u,
    0xc1480000u, 0xc1940000u, 0xc0b00000u, 0x3f000000u, 0x41580000u, 0x41840000u, 0x41180000u, 0xc0600000u,
    0xc1380000u, 0xc1480000u, 0xc1380000u, 0x41380000u, 0xc1840000u, 0x41080000u, 0x40d00000u, 0x40b00000u,
    0x41580000u, 0x40f00000u, 0x3fc00000u, 0xbfc00000u, 0xc0900000u, 0xc0b00000u, 0x3f000000u, 0xbf000000u,
    0x3f000000u, 0x40b00000u, 0xc0600000u, 0x40600000u, 0xc1080000u, 0xbfc00000u, 0xbfc00000u, 0x41780000u,
    0xc0d00000u, 0x40600000u, 0xbf000000u, 0x3f000000u, 0x41380000u, 0x40900000u, 0x40200000u, 0x40600000u,
    0x40200000u, 0x40900000u, 0x40900000u, 0xc0200000u, 0xbf000000u, 0x41180000u, 0xc0b00000u, 0x40f00000u,
    0x3f000000u, 0x40f00000u, 0xc0b00000u, 0xc1a40000u, 0xbfc00000u, 0x41480000u, 0x41280000u, 0xc1ac0000u,
    0xc1680000u, 0xc0900000u, 0x40d00000u, 0xbfc00000u, 0xc0b00000u, 0xc0f00000u, 0xc0b00000u, 0x3f000000u,
    0xbfc00000u, 0x40200000u, 0x3f000000u, 0x40900000u, 0xc1680000u, 0x41d40000u, 0xc1940000u, 0x41080000u,
    0xbfc00000u, 0x40900000u, 0xbfc00000u, 0xc1780000u, 0x41280000u, 0x40d00000u, 0x41480000u, 0xc1ec0000u,
    0x41480000u, 0x41ac0000u, 0xc0d00000u, 0xc1180000u, 0xc0b00000u, 0x41c40000u, 0xc0f00000u, 0x41ec0000u,
    0xc0f00000u, 0x41080000u, 0x3f000000u, 0x41840000u, 0xc1380000u, 0x40600000u, 0xc1080000u, 0x41280000u,
    0xc0900000u, 0x40600000u, 0xbf000000u, 0x40600000u, 0x3fc00000u, 0xc0d00000u, 0xbfc00000u, 0x3f000000u,
    0x41280000u, 0xc1180000u, 0xc0b00000u, 0x40200000u, 0x40900000u, 0xbfc00000u, 0xc0b00000u, 0x40600000u,
    0xc0f00000u, 0x40200000u, 0xc0600000u, 0x40200000u, 0xc0600000u, 0x40f00000u,
};
static const nnef_run_tensor nrc_conv2d_multiplier_scalar_bias_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 5, 5}, nrc_d42, 0},
    {"f", NNX_FLOAT32, 4, {6, 1, 2, 2}, nrc_d43, 0},
};
static const nnef_run_tensor nrc_conv2d_multiplier_scalar_bias_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 6, 5, 5}, nrc_d44, 0},
};
/* conv 2-D groups 0 with channel multiplier 3, literal bias 0.5 */
static const char nrc_conv2d_multiplier_scalar_bias_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv2d_multiplier_scalar_bias( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5, 5]);\n"
    "    f = external<scalar>(shape = [6, 1, 2, 2]);\n"
    "    y = conv(x, f, 0.5, border = 'constant', padding = [(0, 1), (1, 0)], groups = 0);\n"
    "}\n";
static const uint32_t nrc_d45[] = {
    0x40800000u, 0x40400000u, 0xc0400000u, 0x40800000u, 0xc0000000u, 0xc0400000u, 0xc0800000u, 0xbf800000u,
    0x3f800000u, 0xc0400000u, 0xc0400000u, 0x40800000u, 0xc0800000u, 0xc0000000u, 0x40400000u, 0xbf800000u,
    0x40400000u, 0x3f800000u, 0xc0800000u, 0xc0800000u, 0x40800000u, 0xc0800000u, 0xc0000000u, 0x40800000u,
    0xc0400000u, 0xc0800000u, 0x40800000u, 0xbf800000u, 0x3f800000u, 0xc0400000u, 0xc0400000u, 0x00000000u,
};
static const uint32_t nrc_d46[] = {
    0x00000000u, 0xc0400000u, 0xc0400000u, 0xbf800000u, 0x00000000u, 0x40400000u, 0x00000000u, 0x40000000u,
    0x40400000u, 0x40800000u, 0x3f800000u, 0xc0000000u, 0x00000000u, 0x40400000u, 0x3f800000u, 0xc0800000u,
    0xc0800000u, 0xbf800000u, 0xc0400000u, 0x40000000u, 0x40000000u, 0xbf800000u, 0xc0400000u, 0xc0800000u,
    0x40400000u, 0xc0800000u, 0xc0000000u, 0xc0400000u, 0x40400000u, 0x00000000u, 0x3f800000u, 0x40400000u,
    0x00000000u, 0x40000000u, 0xc0400000u, 0x40400000u, 0x40000000u, 0x40800000u, 0xc0800000u, 0xc0800000u,
    0xc0800000u, 0xc0800000u, 0x40400000u, 0x40000000u, 0x00000000u, 0xc0400000u, 0xc0000000u, 0x40000000u,
    0x3f800000u, 0xc0000000u, 0xbf800000u, 0x40000000u, 0xc0400000u, 0xc0000000u,
};
static const uint32_t nrc_d47[] = {
    0x40800000u,
};
static const uint32_t nrc_d48[] = {
    0x41200000u, 0x41600000u, 0x421c0000u, 0x42380000u, 0x42300000u, 0xc2140000u, 0xc1f80000u, 0x00000000u,
    0x42780000u, 0xc1d00000u, 0x41900000u, 0x41200000u,
};
static const uint32_t nrc_d49[] = {
    0xc0c00000u, 0xc1f00000u, 0x40000000u, 0xc1980000u, 0xc1400000u, 0x40c00000u, 0x41200000u, 0xc1a00000u,
    0xc1200000u, 0x420c0000u, 0x42280000u, 0x41100000u, 0x40a00000u, 0xc0a00000u, 0xc1b80000u, 0x00000000u,
    0xc1c80000u, 0x42040000u, 0xc0000000u, 0xc2440000u, 0x42500000u, 0x42200000u, 0xc2240000u, 0x41a00000u,
    0x41200000u, 0xc20c0000u, 0xc0800000u, 0x41d80000u, 0x41200000u, 0xc1e00000u, 0x41a00000u, 0xbf800000u,
    0xc22c0000u, 0x3f800000u, 0xc1f00000u, 0xc1f00000u, 0x420c0000u, 0x42680000u, 0xc1f00000u, 0x42480000u,
    0x3f800000u, 0x41600000u, 0x40c00000u, 0xc1300000u, 0x421c0000u, 0x42440000u, 0xc1e80000u, 0xc1300000u,
};
static const nnef_run_tensor nrc_conv2d_bias_singular_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 4}, nrc_d45, 0},
    {"f", NNX_FLOAT32, 4, {3, 2, 3, 3}, nrc_d46, 0},
    {"b", NNX_FLOAT32, 2, {1, 1}, nrc_d47, 0},
};
static const nnef_run_tensor nrc_conv2d_bias_singular_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 3, 2, 2}, nrc_d48, 0},
    {"y_zero_auto", NNX_FLOAT32, 4, {1, 3, 4, 4}, nrc_d49, 0},
};
/* conv 2-D bias of channel extent 1 ([1, 1], broadcast); literal bias 0.0 with automatic padding, stride 1 */
static const char nrc_conv2d_bias_singular_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv2d_bias_singular( x, f, b ) -> ( y, y_zero_auto )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 4]);\n"
    "    f = external<scalar>(shape = [3, 2, 3, 3]);\n"
    "    b = external<scalar>(shape = [1, 1]);\n"
    "    y = conv(x, f, b, border = 'constant', padding = [(0, 0), (0, 0)], groups = 1);\n"
    "    y_zero_auto = conv(x, f, 0.0, border = 'constant', groups = 1);\n"
    "}\n";
static const uint32_t nrc_d50[] = {
    0xbf800000u, 0x3f800000u, 0xc0000000u, 0x40000000u, 0xc0000000u, 0x40000000u, 0x3f800000u, 0x40000000u,
    0x00000000u, 0x40800000u, 0x40000000u, 0xc0400000u, 0x3f800000u, 0x40800000u, 0x40800000u, 0xc0800000u,
    0xc0400000u, 0x40400000u, 0x3f800000u, 0xc0400000u, 0x40000000u, 0x00000000u, 0x40000000u, 0x40800000u,
    0xc0400000u, 0x40000000u, 0x40000000u, 0xc0400000u, 0x40800000u, 0xc0000000u, 0xc0400000u, 0x3f800000u,
    0x40000000u, 0xc0000000u, 0x3f800000u, 0x3f800000u, 0x40400000u, 0x40800000u, 0x00000000u, 0x00000000u,
    0x3f800000u, 0xc0800000u, 0xbf800000u, 0xc0400000u, 0xbf800000u, 0xc0000000u, 0x00000000u, 0xbf800000u,
    0xc0400000u, 0x40000000u, 0x3f800000u, 0x40400000u, 0xc0800000u, 0xc0800000u, 0x3f800000u, 0x40400000u,
    0xbf800000u, 0x00000000u, 0x40400000u, 0xc0800000u, 0x00000000u, 0x40400000u, 0xc0400000u, 0x40800000u,
    0xbf800000u, 0xc0800000u, 0xc0400000u, 0xc0000000u, 0xc0800000u, 0xc0400000u, 0x3f800000u, 0x40400000u,
};
static const uint32_t nrc_d51[] = {
    0xbf800000u, 0x40800000u, 0xc0800000u, 0x40800000u, 0xbf800000u, 0x3f800000u, 0x00000000u, 0x40400000u,
    0xbf800000u, 0x40400000u, 0x40000000u, 0xbf800000u, 0x00000000u, 0xc0400000u, 0xbf800000u, 0x40800000u,
    0x3f800000u, 0xc0400000u, 0xbf800000u, 0xc0400000u, 0xc0800000u, 0x00000000u, 0xbf800000u, 0x40400000u,
    0xc0000000u, 0x40000000u, 0x40000000u, 0x00000000u, 0xbf800000u, 0xc0000000u, 0xc0400000u, 0xc0400000u,
    0xc0000000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xc0000000u, 0xbf800000u, 0x40800000u, 0xc0000000u,
    0x40400000u, 0x40800000u, 0x40000000u, 0xc0400000u, 0x40000000u, 0x40000000u, 0x40400000u, 0x40400000u,
};
static const uint32_t nrc_d52[] = {
    0x3f800000u, 0xc0800000u,
};
static const uint32_t nrc_d53[] = {
    0xc1300000u, 0xc0800000u, 0x41200000u, 0x41700000u, 0x40800000u, 0x3f800000u, 0xc20c0000u, 0x42040000u,
    0xc2440000u, 0xc1b80000u, 0xc1700000u, 0x41100000u, 0x41000000u, 0x42140000u, 0x40400000u, 0x41b00000u,
    0x40000000u, 0xc21c0000u, 0xc2380000u, 0xc2900000u, 0xc1f00000u, 0x40400000u, 0x40800000u, 0xc2940000u,
    0x41100000u, 0xc1f80000u, 0xc2700000u, 0xc2800000u, 0xc1c00000u, 0xc0e00000u, 0x41a00000u, 0x41300000u,
};
static const nnef_run_tensor nrc_conv3d_replicate_in[] = {
    {"x", NNX_FLOAT32, 5, {1, 2, 3, 4, 3}, nrc_d50, 0},
    {"f", NNX_FLOAT32, 5, {2, 2, 2, 3, 2}, nrc_d51, 0},
    {"b", NNX_FLOAT32, 2, {1, 2}, nrc_d52, 0},
};
static const nnef_run_tensor nrc_conv3d_replicate_out[] = {
    {"y", NNX_FLOAT32, 5, {1, 2, 2, 2, 4}, nrc_d53, 0},
};
/* conv 3-D replicate, padding (1,0),(0,1),(1,1), stride (1,2,1), dilation (2,1,1) */
static const char nrc_conv3d_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv3d_replicate( x, f, b ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4, 3]);\n"
    "    f = external<scalar>(shape = [2, 2, 2, 3, 2]);\n"
    "    b = external<scalar>(shape = [1, 2]);\n"
    "    y = conv(x, f, b, border = 'replicate', padding = [(1, 0), (0, 1), (1, 1)], stride = [1, 2, 1], dilation = [2, 1, 1], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d54[] = {
    0xc0800000u, 0x40000000u, 0x40000000u, 0x3f800000u, 0xbf800000u, 0xc0000000u, 0x00000000u, 0x3f800000u,
    0x40800000u, 0xc0800000u, 0xc0800000u, 0x40000000u, 0xc0800000u, 0x40400000u, 0xc0400000u, 0x40400000u,
    0xc0800000u, 0x3f800000u, 0xc0000000u, 0x40400000u, 0x40800000u, 0x40400000u, 0x40800000u, 0xbf800000u,
    0xbf800000u, 0x3f800000u, 0xc0800000u, 0xc0400000u, 0x40400000u, 0xbf800000u, 0x00000000u, 0x00000000u,
    0x3f800000u, 0x00000000u, 0xc0000000u, 0x40400000u, 0x40400000u, 0xbf800000u, 0x40800000u, 0x40000000u,
    0x40400000u, 0xc0800000u, 0x00000000u, 0xc0400000u, 0x40800000u, 0x40800000u, 0xc0000000u, 0x40000000u,
    0xc0000000u, 0x3f800000u, 0x3f800000u, 0x40400000u, 0x40000000u, 0xbf800000u, 0x40000000u, 0xc0800000u,
    0x40000000u, 0x3f800000u, 0x3f800000u, 0xc0000000u, 0x3f800000u, 0x00000000u, 0xbf800000u, 0x40000000u,
    0x40000000u, 0x3f800000u, 0x40400000u, 0xc0800000u, 0x40800000u, 0x40800000u, 0x00000000u, 0x00000000u,
    0x3f800000u, 0xc0000000u, 0xbf800000u, 0x40800000u, 0x40800000u, 0xc0800000u, 0xc0800000u, 0x3f800000u,
    0x3f800000u, 0xc0800000u, 0xc0000000u, 0xc0000000u, 0xc0400000u, 0x40800000u, 0x40400000u, 0x00000000u,
    0xbf800000u, 0xc0800000u, 0x40000000u, 0x40400000u, 0x3f800000u, 0xbf800000u, 0x40800000u, 0xc0000000u,
    0x40800000u, 0xbf800000u, 0xc0800000u, 0x3f800000u, 0x3f800000u, 0xc0400000u, 0x00000000u, 0x3f800000u,
    0xc0000000u, 0xc0800000u, 0x40400000u, 0xc0800000u, 0xc0400000u, 0x40000000u, 0xbf800000u, 0x3f800000u,
    0x40000000u, 0x40000000u, 0x40000000u, 0xbf800000u, 0xc0800000u, 0x3f800000u, 0x00000000u, 0x40800000u,
    0xc0800000u, 0x00000000u, 0xc0400000u, 0xc0400000u, 0xc0800000u, 0x40400000u, 0x00000000u, 0x40400000u,
    0xc0000000u, 0x3f800000u, 0x40800000u, 0x40000000u, 0x40800000u, 0x00000000u, 0x3f800000u, 0xc0800000u,
    0xbf800000u, 0x40800000u, 0x40000000u, 0xc0000000u, 0x3f800000u, 0xbf800000u, 0x3f800000u, 0xbf800000u,
    0x40000000u, 0xc0800000u, 0x40000000u, 0x00000000u, 0xbf800000u, 0x40000000u, 0xc0400000u, 0x40000000u,
    0xbf800000u, 0x40800000u, 0x40800000u, 0x00000000u, 0xc0800000u, 0x3f800000u, 0xc0400000u, 0x3f800000u,
    0xc0400000u, 0xc0400000u, 0x40400000u, 0xbf800000u, 0x00000000u, 0x40400000u, 0xc0000000u, 0x40000000u,
    0xc0400000u, 0x40400000u, 0xc0800000u, 0x3f800000u, 0x40800000u, 0xbf800000u, 0x40000000u, 0xc0800000u,
    0xc0800000u, 0x40000000u, 0xbf800000u, 0x40400000u, 0x00000000u, 0xc0400000u, 0x40400000u, 0xc0400000u,
    0x3f800000u, 0x3f800000u, 0x40800000u, 0xc0400000u, 0xbf800000u, 0x3f800000u, 0x40000000u, 0x00000000u,
};
static const uint32_t nrc_d55[] = {
    0xc0400000u, 0xc0000000u, 0xc0400000u, 0x3f800000u, 0x3f800000u, 0xbf800000u, 0xbf800000u, 0x40400000u,
    0x40000000u, 0xc0400000u, 0x3f800000u, 0xc0400000u, 0xc0000000u, 0xbf800000u, 0x40800000u, 0x40000000u,
    0xbf800000u, 0xc0000000u, 0x40800000u, 0x40800000u, 0x40000000u, 0x3f800000u, 0x40000000u, 0xc0000000u,
    0x3f800000u, 0xbf800000u, 0xc0400000u, 0x40400000u, 0xc0400000u, 0x3f800000u, 0xbf800000u, 0x40400000u,
    0xc0800000u, 0x00000000u, 0xc0400000u, 0x00000000u, 0x40800000u, 0x40800000u, 0xc0800000u, 0x3f800000u,
    0x00000000u, 0xbf800000u, 0x40000000u, 0x3f800000u, 0xbf800000u, 0x3f800000u, 0x40400000u, 0x40400000u,
    0x00000000u, 0xc0800000u, 0xc0000000u, 0xc0400000u, 0x3f800000u, 0x00000000u, 0xc0400000u, 0xc0000000u,
    0x40800000u, 0x00000000u, 0x40000000u, 0xc0800000u, 0xc0800000u, 0x40000000u, 0xc0000000u, 0x00000000u,
    0x3f800000u, 0xc0000000u, 0x40400000u, 0xc0800000u, 0x40400000u, 0x40000000u, 0x00000000u, 0x00000000u,
    0xbf800000u, 0xbf800000u, 0x40400000u, 0x40000000u, 0xc0400000u, 0x3f800000u, 0x40400000u, 0xc0800000u,
    0x00000000u, 0x00000000u, 0x40400000u, 0x40800000u, 0xc0400000u, 0xc0400000u, 0x3f800000u, 0xc0800000u,
    0xc0800000u, 0x00000000u, 0x3f800000u, 0xc0800000u, 0x40400000u, 0x40000000u, 0xbf800000u, 0x40800000u,
};
static const uint32_t nrc_d56[] = {
    0x41980000u, 0x40e00000u, 0xc0400000u, 0xc1400000u, 0xc2820000u, 0xc1880000u, 0xc1c00000u, 0x42440000u,
    0x40e00000u, 0x41600000u, 0x41200000u, 0xc1980000u, 0x42240000u, 0xc1980000u, 0xc24c0000u, 0x41100000u,
    0x40c00000u, 0xc1c80000u, 0x41500000u, 0xbf800000u, 0xc1900000u, 0xc1400000u, 0xc1f80000u, 0x40400000u,
    0x41000000u, 0x42380000u, 0xc0800000u, 0xc1000000u, 0x42040000u, 0xc1c00000u, 0x40400000u, 0x40000000u,
};
static const nnef_run_tensor nrc_conv3d_reflect_even_groups_auto_in[] = {
    {"x", NNX_FLOAT32, 5, {1, 4, 3, 4, 4}, nrc_d54, 0},
    {"f", NNX_FLOAT32, 5, {4, 2, 2, 2, 3}, nrc_d55, 0},
};
static const nnef_run_tensor nrc_conv3d_reflect_even_groups_auto_out[] = {
    {"y", NNX_FLOAT32, 5, {1, 4, 2, 2, 2}, nrc_d56, 0},
};
/* conv 3-D reflect-even, automatic padding, stride 2, groups 2 */
static const char nrc_conv3d_reflect_even_groups_auto_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv3d_reflect_even_groups_auto( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 4, 3, 4, 4]);\n"
    "    f = external<scalar>(shape = [4, 2, 2, 2, 3]);\n"
    "    y = conv(x, f, 0.0, border = 'reflect-even', stride = [2, 2, 2], groups = 2);\n"
    "}\n";
static const uint32_t nrc_d57[] = {
    0xc0400000u, 0xc0800000u, 0x40800000u, 0x3f800000u, 0xc0400000u, 0x40800000u, 0xc0000000u, 0xc0000000u,
    0x40400000u, 0x40800000u, 0x40000000u, 0x40800000u, 0x40000000u, 0x40000000u, 0xc0800000u, 0xc0400000u,
    0x40000000u, 0xbf800000u, 0x40000000u, 0xc0400000u, 0xc0400000u, 0x3f800000u, 0x40400000u, 0x3f800000u,
    0x3f800000u, 0xc0800000u, 0xc0800000u, 0x40800000u, 0xbf800000u, 0x40400000u, 0xc0400000u, 0x40800000u,
    0xc0000000u, 0x40800000u, 0xc0800000u, 0x3f800000u, 0x40000000u, 0x40000000u, 0xc0400000u, 0xbf800000u,
    0x40400000u, 0x40800000u, 0xc0800000u, 0x40000000u, 0x40000000u, 0xc0400000u, 0xc0000000u, 0x00000000u,
    0x40400000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0xc0000000u, 0xc0000000u, 0x40400000u, 0x3f800000u,
    0x00000000u, 0x40400000u, 0xc0800000u, 0x40800000u, 0xc0400000u, 0xc0400000u, 0xbf800000u, 0x3f800000u,
    0xc0800000u, 0x40400000u, 0xc0000000u, 0xbf800000u, 0xc0800000u, 0x40800000u, 0x40400000u, 0x00000000u,
};
static const uint32_t nrc_d58[] = {
    0x40000000u, 0xbf800000u, 0x40400000u, 0xc0400000u, 0x40400000u, 0x00000000u, 0xc0000000u, 0x40400000u,
};
static const uint32_t nrc_d59[] = {
    0xc0e00000u, 0x41980000u, 0xc1600000u, 0x41f80000u, 0x40400000u, 0xc0e00000u, 0xc1900000u, 0x41f00000u,
};
static const nnef_run_tensor nrc_conv3d_constant_negative_in[] = {
    {"x", NNX_FLOAT32, 5, {2, 1, 4, 3, 3}, nrc_d57, 0},
    {"f", NNX_FLOAT32, 5, {1, 1, 2, 2, 2}, nrc_d58, 0},
};
static const nnef_run_tensor nrc_conv3d_constant_negative_out[] = {
    {"y", NNX_FLOAT32, 5, {2, 1, 2, 1, 2}, nrc_d59, 0},
};
/* conv 3-D constant, negative padding */
static const char nrc_conv3d_constant_negative_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv3d_constant_negative( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 1, 4, 3, 3]);\n"
    "    f = external<scalar>(shape = [1, 1, 2, 2, 2]);\n"
    "    y = conv(x, f, 0.0, border = 'constant', padding = [(-1, 0), (0, -1), (1, -1)], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d60[] = {
    0x3f800000u, 0xc0000000u, 0xbf800000u, 0xc0000000u, 0x00000000u, 0xc0400000u, 0xbf800000u, 0x40400000u,
    0x00000000u, 0xc0000000u, 0x40400000u, 0x40400000u, 0x40000000u, 0xc0800000u, 0xbf800000u, 0x40000000u,
    0xbf800000u, 0x00000000u, 0x00000000u, 0x40400000u, 0x3f800000u, 0xc0800000u, 0x40800000u, 0xbf800000u,
    0xc0800000u, 0x40000000u, 0xc0000000u, 0x40000000u, 0x40800000u, 0x40400000u, 0xc0000000u, 0x40400000u,
    0x00000000u, 0x40800000u, 0xc0400000u, 0x00000000u, 0x40400000u, 0x3f800000u, 0xc0800000u, 0xc0800000u,
    0xbf800000u, 0x00000000u, 0xc0400000u, 0xc0400000u, 0x40800000u, 0x40800000u, 0x40000000u, 0xc0000000u,
    0x40400000u, 0xbf800000u, 0xc0800000u, 0xbf800000u, 0xc0400000u, 0xc0800000u,
};
static const uint32_t nrc_d61[] = {
    0xbf800000u, 0x40000000u, 0x40000000u, 0x40400000u, 0x3f800000u, 0xc0000000u, 0x40000000u, 0xbf800000u,
    0x00000000u, 0x3f800000u, 0x40400000u, 0x40000000u, 0x40000000u, 0x40800000u, 0x40800000u, 0xc0000000u,
};
static const uint32_t nrc_d62[] = {
    0x41000000u, 0x40000000u, 0x41d00000u, 0x41c00000u, 0xc1200000u, 0x41a00000u, 0x41000000u, 0x40000000u,
    0x41d00000u, 0xc1a00000u, 0x41e80000u, 0xbf800000u, 0xc0400000u, 0x41e00000u, 0x40e00000u, 0xc1a00000u,
    0x41e80000u, 0xbf800000u, 0x41c80000u, 0xc1d00000u, 0x41e80000u, 0x42100000u, 0xc0a00000u, 0x41200000u,
    0x41c80000u, 0xc1d00000u, 0x41e80000u, 0x42380000u, 0xc0a00000u, 0x42000000u, 0x41700000u, 0xc1c00000u,
    0x41600000u, 0x42380000u, 0xc0a00000u, 0x42000000u, 0x40e00000u, 0x40a00000u, 0x41400000u, 0xc1d80000u,
    0x42920000u, 0x41900000u, 0x40e00000u, 0x40a00000u, 0x41400000u, 0x42680000u, 0xc1e00000u, 0x42080000u,
    0x41b00000u, 0xc1600000u, 0x40400000u, 0x42680000u, 0xc1e00000u, 0x42080000u, 0x41a80000u, 0x41c80000u,
    0xc1b00000u, 0xc1880000u, 0xc1880000u, 0x41f00000u, 0x41a80000u, 0x41c80000u, 0xc1b00000u, 0xc2280000u,
    0xc0c00000u, 0xc1900000u, 0x41400000u, 0x42300000u, 0xc1000000u, 0xc2280000u, 0xc0c00000u, 0xc1900000u,
    0x420c0000u, 0xc0e00000u, 0xc1d00000u, 0xc1300000u, 0xc1880000u, 0x40400000u, 0x420c0000u, 0xc0e00000u,
    0xc1d00000u,
};
static const nnef_run_tensor nrc_conv4d_reflect_in[] = {
    {"x", NNX_FLOAT32, 6, {1, 1, 3, 3, 2, 3}, nrc_d60, 0},
    {"f", NNX_FLOAT32, 6, {1, 1, 2, 2, 2, 2}, nrc_d61, 0},
};
static const nnef_run_tensor nrc_conv4d_reflect_out[] = {
    {"y", NNX_FLOAT32, 6, {1, 1, 3, 3, 3, 3}, nrc_d62, 0},
};
/* conv 4-D (rank 6) reflect, padding 1 */
static const char nrc_conv4d_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph conv4d_reflect( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 3, 3, 2, 3]);\n"
    "    f = external<scalar>(shape = [1, 1, 2, 2, 2, 2]);\n"
    "    y = conv(x, f, 0.0, border = 'reflect', padding = [(1, 0), (0, 1), (1, 1), (1, 0)], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d63[] = {
    0xbf800000u, 0xc0800000u, 0x3f800000u, 0x00000000u, 0x40400000u, 0x00000000u, 0x00000000u, 0x40800000u,
    0x40400000u, 0x40400000u,
};
static const uint32_t nrc_d64[] = {
    0x00000000u, 0xc0000000u, 0xc0000000u, 0x40400000u, 0x40400000u, 0xc0000000u, 0xc0000000u, 0x00000000u,
    0x40000000u, 0x40800000u, 0x40800000u, 0x40400000u, 0xc0000000u, 0x00000000u, 0x40800000u, 0x40000000u,
    0x00000000u, 0xc0400000u, 0x40800000u, 0xc0400000u, 0x40000000u, 0xbf800000u, 0x40400000u, 0xc0800000u,
};
static const uint32_t nrc_d65[] = {
    0x40000000u, 0x40000000u, 0x40a00000u, 0x00000000u, 0xc1600000u, 0x41000000u, 0x41300000u, 0x40c00000u,
    0x00000000u, 0x40c00000u, 0x40000000u, 0xc1200000u, 0x41000000u, 0x41300000u, 0xc1600000u, 0x41600000u,
    0xc1a80000u, 0x41a80000u, 0xc1c00000u, 0x40c00000u, 0xc0800000u, 0xc1400000u, 0xc1980000u, 0xc0c00000u,
    0xc1400000u, 0x41b00000u, 0xc1800000u, 0x41a80000u, 0xc0400000u, 0x41a80000u,
};
static const nnef_run_tensor nrc_deconv1d_stride2_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 2, 5}, nrc_d63, 0},
    {"f", NNX_FLOAT32, 3, {2, 3, 4}, nrc_d64, 0},
};
static const nnef_run_tensor nrc_deconv1d_stride2_out[] = {
    {"y", NNX_FLOAT32, 3, {1, 3, 10}, nrc_d65, 0},
};
/* deconv 1-D stride 2, padding (1, 1) */
static const char nrc_deconv1d_stride2_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv1d_stride2( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 5]);\n"
    "    f = external<scalar>(shape = [2, 3, 4]);\n"
    "    y = deconv(x, f, 0.0, border = 'constant', padding = [(1, 1)], stride = [2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d66[] = {
    0xc0000000u, 0x40400000u, 0x00000000u, 0x40800000u, 0xbf800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u,
    0x40400000u, 0xc0800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x00000000u, 0x00000000u, 0x40400000u,
    0x3f800000u, 0xbf800000u,
};
static const uint32_t nrc_d67[] = {
    0xc0800000u, 0x40000000u, 0xc0000000u, 0x00000000u, 0x40800000u, 0xc0400000u, 0x40000000u, 0x40400000u,
    0x40400000u, 0x40000000u, 0x40000000u, 0x40000000u, 0xc0000000u, 0x40400000u, 0xc0000000u, 0x40400000u,
    0x00000000u, 0x40800000u, 0x40000000u, 0xbf800000u, 0x40000000u, 0x40000000u, 0xc0000000u, 0xc0400000u,
    0xc0400000u, 0x40000000u, 0x00000000u, 0xc0400000u, 0xbf800000u, 0x3f800000u, 0x40400000u, 0x3f800000u,
    0xc0400000u, 0x3f800000u, 0x00000000u, 0x00000000u,
};
static const uint32_t nrc_d68[] = {
    0x3f800000u, 0x00000000u, 0x40800000u,
};
static const uint32_t nrc_d69[] = {
    0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x00000000u, 0x3f800000u, 0xbf800000u,
    0x3f800000u, 0x40a00000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x41f00000u,
    0x3f800000u, 0xc1e00000u, 0x3f800000u, 0x40a00000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u,
    0x3f800000u, 0xc1400000u, 0x3f800000u, 0x40000000u, 0x3f800000u, 0xc0800000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x41e80000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40e00000u, 0x00000000u, 0x41a80000u,
    0x00000000u, 0x41200000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40400000u,
    0x00000000u, 0x41000000u, 0x00000000u, 0x41300000u, 0x40800000u, 0x40800000u, 0x40800000u, 0x40800000u,
    0x40800000u, 0x00000000u, 0x40800000u, 0x40c00000u, 0x40800000u, 0x41000000u, 0x40800000u, 0x40800000u,
    0x40800000u, 0x40800000u, 0x40800000u, 0x41900000u, 0x40800000u, 0x40c00000u, 0x40800000u, 0x41700000u,
    0x40800000u, 0x40800000u, 0x40800000u, 0x40800000u, 0x40800000u, 0x41a80000u, 0x40800000u, 0x3f800000u,
    0x40800000u, 0x41800000u,
};
static const nnef_run_tensor nrc_deconv2d_stride_dilation_bias_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrc_d66, 0},
    {"f", NNX_FLOAT32, 4, {2, 3, 3, 2}, nrc_d67, 0},
    {"b", NNX_FLOAT32, 2, {1, 3}, nrc_d68, 0},
};
static const nnef_run_tensor nrc_deconv2d_stride_dilation_bias_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 3, 6, 5}, nrc_d69, 0},
};
/* deconv 2-D stride 2, dilation 2, padding (1,2),(2,0), bias [1,3] */
static const char nrc_deconv2d_stride_dilation_bias_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_stride_dilation_bias( x, f, b ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 3]);\n"
    "    f = external<scalar>(shape = [2, 3, 3, 2]);\n"
    "    b = external<scalar>(shape = [1, 3]);\n"
    "    y = deconv(x, f, b, border = 'constant', padding = [(1, 2), (2, 0)], stride = [2, 2], dilation = [2, 2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d70[] = {
    0x3f800000u, 0x40800000u, 0xc0800000u, 0x40400000u, 0xc0400000u, 0x40000000u, 0xc0400000u, 0xbf800000u,
    0xc0800000u, 0x40400000u, 0xc0000000u, 0xbf800000u, 0x3f800000u, 0x40400000u, 0xc0000000u, 0xc0400000u,
    0x40400000u, 0x40000000u, 0xc0800000u, 0x40400000u, 0x3f800000u, 0x00000000u, 0xbf800000u, 0x40000000u,
    0xc0400000u, 0xbf800000u, 0x40000000u, 0xbf800000u, 0x40800000u, 0xbf800000u, 0x40400000u, 0xc0400000u,
    0xbf800000u, 0x3f800000u, 0x00000000u, 0xc0800000u,
};
static const uint32_t nrc_d71[] = {
    0xc0000000u, 0xc0000000u, 0xbf800000u, 0x40800000u, 0x40000000u, 0x40000000u, 0xbf800000u, 0x00000000u,
    0xbf800000u, 0x40400000u, 0x3f800000u, 0x00000000u, 0x40000000u, 0x3f800000u, 0x40800000u, 0x00000000u,
    0x3f800000u, 0x40000000u, 0xbf800000u, 0xc0800000u, 0xbf800000u, 0xc0800000u, 0xc0000000u, 0x00000000u,
    0xc0800000u, 0x40800000u, 0xc0800000u, 0xbf800000u, 0x40800000u, 0xbf800000u, 0x40400000u, 0x00000000u,
    0x40400000u, 0x40800000u, 0x40000000u, 0xc0000000u, 0x40000000u, 0xc0000000u, 0xc0000000u, 0x40400000u,
    0x40800000u, 0xc0400000u, 0x00000000u, 0x40000000u, 0xc0000000u, 0xc0000000u, 0x40800000u, 0xc0400000u,
    0x40000000u, 0x40000000u, 0xc0800000u, 0x00000000u, 0x3f800000u, 0x40000000u, 0x40400000u, 0xbf800000u,
    0xc0800000u, 0xc0400000u, 0x40000000u, 0x3f800000u, 0x3f800000u, 0xc0800000u, 0x3f800000u, 0xc0800000u,
    0x40400000u, 0x00000000u, 0xbf800000u, 0xc0000000u, 0x40800000u, 0x00000000u, 0x40400000u, 0xc0400000u,
    0x40400000u, 0xbf800000u, 0x00000000u, 0xc0800000u, 0x3f800000u, 0x40400000u, 0xc0800000u, 0x40400000u,
    0xc0000000u, 0xc0400000u, 0xc0800000u, 0x40800000u, 0x40400000u, 0x40400000u, 0x40400000u, 0x3f800000u,
    0x3f800000u, 0xc0000000u, 0x00000000u, 0x40400000u, 0xc0000000u, 0xc0400000u, 0x40400000u, 0xc0800000u,
    0xc0000000u, 0x3f800000u, 0xc0400000u, 0x40800000u, 0xc0800000u, 0x3f800000u, 0xc0400000u, 0x40000000u,
    0xc0400000u, 0x3f800000u, 0x40000000u, 0xc0000000u,
};
static const uint32_t nrc_d72[] = {
    0x41200000u, 0xc1200000u, 0xc1800000u, 0x40e00000u, 0x40800000u, 0x00000000u, 0x41a00000u, 0x41d00000u,
    0xc1980000u, 0xc1a00000u, 0x40c00000u, 0xc1000000u, 0x40800000u, 0x41100000u, 0x41900000u, 0xc0800000u,
    0x00000000u, 0x40800000u, 0xc1800000u, 0xc1400000u, 0xc0c00000u, 0x41b00000u, 0x40c00000u, 0x40e00000u,
    0x40800000u, 0xc0a00000u, 0x40000000u, 0x41000000u, 0xc1200000u, 0xc0000000u, 0x41600000u, 0xc1000000u,
    0xc1500000u, 0x40e00000u, 0xc0000000u, 0x41880000u, 0x41880000u, 0x40000000u, 0xc1c80000u, 0xc1a00000u,
    0xc1200000u, 0x41000000u, 0x41600000u, 0xc1d80000u, 0x40000000u, 0xc1100000u, 0x00000000u, 0x40a00000u,
    0xc1000000u, 0x00000000u, 0x41000000u, 0xc1200000u, 0xc1c00000u, 0x41000000u, 0x41400000u, 0xc0800000u,
    0xc2240000u, 0x41400000u, 0x41900000u, 0xc1200000u, 0x40400000u, 0x40e00000u, 0x42280000u, 0xc2100000u,
    0xbf800000u, 0x41500000u, 0x41c00000u, 0xbf800000u, 0x41900000u, 0x41900000u, 0xc1700000u, 0x41200000u,
    0xbf800000u, 0x41d00000u, 0xc1600000u, 0x41000000u, 0x41100000u, 0xc1980000u, 0x41200000u, 0x40400000u,
    0xc1b80000u, 0x41600000u, 0x41f80000u, 0x41200000u, 0x3f800000u, 0x41b80000u, 0x41a80000u, 0xc1900000u,
    0xc0000000u, 0x41200000u, 0x00000000u, 0xc0e00000u, 0xbf800000u, 0xc1500000u, 0xc1880000u, 0x41500000u,
    0xc0c00000u, 0x40800000u, 0xc0400000u, 0xc1400000u, 0xc1700000u, 0xc1200000u, 0x41a80000u, 0xc1400000u,
    0x00000000u, 0x41600000u, 0xc1e80000u, 0xc0c00000u, 0xc0800000u, 0xc0000000u, 0xc1200000u, 0x40e00000u,
    0x40400000u, 0xc1900000u, 0xc1300000u, 0x41400000u, 0xc1900000u, 0xc0800000u, 0x41a00000u, 0xc1300000u,
    0xc1000000u, 0x40c00000u, 0xc0400000u, 0x41300000u, 0x40000000u, 0x41000000u, 0x41c00000u, 0xc1980000u,
    0x40400000u, 0x40400000u, 0xc1900000u, 0xc2340000u, 0x41c00000u, 0xc0a00000u, 0x3f800000u, 0xc1100000u,
    0x40800000u, 0x41300000u, 0xc1e00000u, 0x41700000u, 0x40a00000u, 0xc1500000u, 0xc1200000u, 0x00000000u,
    0xc0000000u, 0xc0e00000u, 0x41000000u, 0xc0400000u, 0xc1200000u, 0xc0000000u,
};
static const nnef_run_tensor nrc_deconv2d_groups2_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 4, 3, 3}, nrc_d70, 0},
    {"f", NNX_FLOAT32, 4, {4, 3, 3, 3}, nrc_d71, 0},
};
static const nnef_run_tensor nrc_deconv2d_groups2_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 6, 5, 5}, nrc_d72, 0},
};
/* deconv 2-D groups 2: filter [4, 3, 3, 3], 6 output channels */
static const char nrc_deconv2d_groups2_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_groups2( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 4, 3, 3]);\n"
    "    f = external<scalar>(shape = [4, 3, 3, 3]);\n"
    "    y = deconv(x, f, 0.0, border = 'constant', padding = [(0, 0), (1, 1)], stride = [1, 2], groups = 2);\n"
    "}\n";
static const uint32_t nrc_d73[] = {
    0x00000000u, 0x40000000u, 0xc0000000u, 0xbf800000u, 0xc0000000u, 0xc0000000u, 0xbf800000u, 0xc0400000u,
    0xc0000000u, 0x00000000u, 0x40000000u, 0xc0000000u, 0xc0400000u, 0x40400000u, 0x40400000u, 0x40400000u,
    0xc0000000u, 0x40800000u, 0xc0400000u, 0xc0400000u, 0xc0400000u, 0xc0400000u, 0xc0400000u, 0x40400000u,
    0xc0800000u, 0x40400000u, 0x40000000u, 0xbf800000u, 0x40000000u, 0xc0000000u, 0x3f800000u, 0xc0400000u,
    0x40000000u, 0x3f800000u, 0x00000000u, 0x40800000u,
};
static const uint32_t nrc_d74[] = {
    0xbf800000u, 0xc0000000u, 0xbf800000u, 0x40000000u, 0x3f800000u, 0x40800000u, 0xc0800000u, 0x00000000u,
    0xbf800000u, 0xbf800000u, 0xc0400000u, 0xc0000000u, 0x3f800000u, 0x40800000u, 0xc0400000u, 0xbf800000u,
    0x40800000u, 0x40400000u, 0x3f800000u, 0x40000000u, 0xc0000000u, 0x40000000u, 0x40800000u, 0x00000000u,
    0xc0800000u, 0xc0400000u, 0x40000000u,
};
static const uint32_t nrc_d75[] = {
    0x00000000u, 0x40800000u, 0x40000000u, 0x40800000u, 0xc0000000u, 0xc1200000u, 0xbf800000u, 0x40800000u,
    0xc0800000u, 0x40800000u, 0x41100000u, 0x40000000u, 0x41200000u, 0x40c00000u, 0xc0000000u, 0xc1400000u,
    0xc0000000u, 0xc1200000u, 0xbf800000u, 0xc1200000u, 0xc0400000u, 0x40800000u, 0x41400000u, 0x00000000u,
    0x40800000u, 0xc0800000u, 0x41500000u, 0x40800000u, 0xc0000000u, 0xc1000000u, 0x00000000u, 0x40800000u,
    0x40000000u, 0x40800000u, 0xc0000000u, 0xc1400000u, 0x41400000u, 0x41400000u, 0xc0c00000u, 0x41400000u,
    0xc0c00000u, 0x41400000u, 0xc0c00000u, 0xc1400000u, 0x00000000u, 0x3f800000u, 0x41a80000u, 0x41700000u,
    0x41a80000u, 0xc1000000u, 0x41200000u, 0x41800000u, 0xc1700000u, 0xc1400000u, 0x40c00000u, 0xc1400000u,
    0x3f800000u, 0xbf800000u, 0x41c80000u, 0x41c00000u, 0xc0400000u, 0xc0400000u, 0xc1a80000u, 0xc1400000u,
    0x40c00000u, 0xc1400000u, 0x40c00000u, 0xc1400000u, 0x41400000u, 0x41400000u, 0xc1800000u, 0x40c00000u,
    0x41400000u, 0x40800000u, 0x41000000u, 0xc0000000u, 0xc0800000u, 0x41800000u, 0xc1d00000u, 0xc1500000u,
    0x40400000u, 0xc0800000u, 0x40400000u, 0xc0400000u, 0x41000000u, 0xc0800000u, 0xc1000000u, 0x40000000u,
    0x40800000u, 0xc0c00000u, 0xc1400000u, 0xc0000000u, 0x41100000u, 0x41000000u, 0xc1200000u, 0xc0400000u,
    0x41900000u, 0x41880000u, 0x41000000u, 0x40000000u, 0x40800000u, 0x00000000u, 0x00000000u, 0x41000000u,
    0x41800000u,
};
static const nnef_run_tensor nrc_deconv2d_depthwise_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 3, 3, 4}, nrc_d73, 0},
    {"f", NNX_FLOAT32, 4, {3, 1, 3, 3}, nrc_d74, 0},
};
static const nnef_run_tensor nrc_deconv2d_depthwise_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 3, 5, 7}, nrc_d75, 0},
};
/* deconv 2-D groups 0 (one per input channel), stride 2 */
static const char nrc_deconv2d_depthwise_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_depthwise( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 3, 3, 4]);\n"
    "    f = external<scalar>(shape = [3, 1, 3, 3]);\n"
    "    y = deconv(x, f, 0.0, border = 'constant', padding = [(1, 1), (1, 1)], stride = [2, 2], groups = 0);\n"
    "}\n";
static const uint32_t nrc_d76[] = {
    0xbf800000u, 0x40800000u, 0xbf800000u, 0xc0800000u, 0x00000000u, 0x40400000u, 0x40000000u, 0x40400000u,
    0x40800000u, 0x40400000u, 0xc0000000u, 0x40400000u, 0xc0000000u, 0xc0400000u, 0x40400000u, 0xbf800000u,
    0x00000000u, 0x40800000u,
};
static const uint32_t nrc_d77[] = {
    0xc0800000u, 0xc0400000u, 0xc0800000u, 0x00000000u, 0xbf800000u, 0xc0800000u, 0xc0400000u, 0xc0400000u,
    0xc0000000u, 0xbf800000u, 0xc0400000u, 0x00000000u, 0x3f800000u, 0xc0800000u, 0xc0400000u, 0xbf800000u,
    0x3f800000u, 0x3f800000u, 0x40400000u, 0xc0000000u, 0x40400000u, 0xbf800000u, 0xc0000000u, 0x40400000u,
};
static const uint32_t nrc_d78[] = {
    0x40900000u, 0xc1480000u, 0xc0600000u, 0xc1480000u, 0x40900000u, 0x41840000u, 0x41580000u, 0x40900000u,
    0xc1bc0000u, 0xc0f00000u, 0xc0f00000u, 0xc1580000u, 0xc1840000u, 0xc1d40000u, 0xc1dc0000u, 0x3f000000u,
    0xbfc00000u, 0xc1280000u, 0xc1780000u, 0xc1780000u, 0x40600000u, 0xc1080000u, 0xc0d00000u, 0xc0900000u,
    0x40200000u, 0x41580000u, 0x41380000u, 0xc1380000u, 0xc0b00000u, 0xc0b00000u, 0xbfc00000u, 0xc0200000u,
    0xc1dc0000u, 0xc1d40000u, 0xc0f00000u, 0xbfc00000u, 0xc1080000u, 0xc1480000u, 0xc1380000u, 0x3f000000u,
    0x40600000u, 0xc1580000u, 0x40200000u, 0xc0b00000u, 0xc1080000u, 0xc0900000u, 0x41280000u, 0x419c0000u,
    0xbfc00000u, 0xc0b00000u, 0x3fc00000u, 0x40b00000u, 0xbf000000u, 0xc1780000u, 0xc1080000u, 0x3fc00000u,
    0xbf000000u, 0xc0900000u, 0x40900000u, 0x40900000u, 0x41180000u, 0xc1380000u, 0x41b40000u, 0xc1380000u,
    0x41180000u, 0xc1080000u, 0xc1080000u, 0x419c0000u, 0xc1d40000u, 0x41940000u, 0xbf000000u, 0x41180000u,
    0x40d00000u, 0xc1b40000u, 0x41ac0000u, 0x3fc00000u, 0x40200000u, 0xc0d00000u, 0xc0f00000u, 0x41480000u,
};
static const nnef_run_tensor nrc_deconv2d_multiplier_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrc_d76, 0},
    {"f", NNX_FLOAT32, 4, {2, 2, 2, 3}, nrc_d77, 0},
};
static const nnef_run_tensor nrc_deconv2d_multiplier_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 4, 4, 5}, nrc_d78, 0},
};
/* deconv 2-D groups 0 with filter [2, 2, ...]: 4 output channels */
static const char nrc_deconv2d_multiplier_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_multiplier( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 3]);\n"
    "    f = external<scalar>(shape = [2, 2, 2, 3]);\n"
    "    y = deconv(x, f, 0.5, border = 'constant', padding = [(0, 0), (0, 0)], groups = 0);\n"
    "}\n";
static const uint32_t nrc_d79[] = {
    0x3f800000u, 0xc0000000u, 0xc0000000u, 0xc0000000u, 0xc0800000u, 0x00000000u, 0x40000000u, 0x00000000u,
    0xc0800000u, 0xc0800000u, 0xc0000000u, 0xbf800000u, 0x3f800000u, 0xbf800000u, 0x3f800000u, 0x40000000u,
    0x40000000u, 0xbf800000u, 0xbf800000u, 0x40000000u, 0xc0800000u, 0x00000000u, 0xbf800000u, 0xc0400000u,
};
static const uint32_t nrc_d80[] = {
    0xbf800000u, 0xc0400000u, 0xc0400000u, 0x3f800000u, 0xbf800000u, 0x40000000u, 0x40400000u, 0xbf800000u,
    0x00000000u, 0x40400000u, 0xc0400000u, 0x40800000u, 0x3f800000u, 0x40800000u, 0x00000000u, 0xc0000000u,
    0xc0400000u, 0x3f800000u,
};
static const uint32_t nrc_d81[] = {
    0x40400000u, 0xbf800000u, 0xc0000000u, 0xc0a00000u, 0x40c00000u, 0xc0800000u, 0x41200000u, 0xc0800000u,
    0x40000000u, 0x41600000u, 0x41000000u, 0xc1900000u, 0xc0800000u, 0xc1500000u, 0xc1200000u, 0x41200000u,
    0x41400000u, 0xc1100000u, 0xc0800000u, 0x3f800000u, 0xc0c00000u, 0x40c00000u, 0x41000000u, 0x00000000u,
    0x41b00000u, 0x40800000u, 0x41700000u, 0x41900000u, 0x41200000u, 0xc1300000u, 0x40c00000u, 0xc0e00000u,
    0xc1400000u, 0xc1400000u, 0x40800000u, 0xc1300000u, 0xc0000000u, 0xc1000000u, 0xc1300000u, 0xc0000000u,
    0x41800000u, 0xc1800000u, 0x40800000u, 0xc0800000u, 0x40a00000u, 0x40000000u, 0x41200000u, 0xc0400000u,
};
static const nnef_run_tensor nrc_deconv2d_output_shape_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrc_d79, 0},
    {"f", NNX_FLOAT32, 4, {2, 1, 3, 3}, nrc_d80, 0},
};
static const nnef_run_tensor nrc_deconv2d_output_shape_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 1, 6, 8}, nrc_d81, 0},
};
/* deconv 2-D stride 2, padding 1, output_shape 1 larger than computed */
static const char nrc_deconv2d_output_shape_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_output_shape( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    f = external<scalar>(shape = [2, 1, 3, 3]);\n"
    "    y = deconv(x, f, 0.0, border = 'constant', padding = [(1, 1), (1, 1)], stride = [2, 2], output_shape = [1, 1, 6, 8], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d82[] = {
    0xc0800000u, 0xc0800000u, 0x40800000u, 0xc0400000u, 0x00000000u, 0x40000000u,
};
static const uint32_t nrc_d83[] = {
    0xbf800000u, 0xc0800000u, 0xc0400000u, 0x3f800000u, 0x40400000u, 0x3f800000u, 0x00000000u, 0x40800000u,
    0x00000000u, 0xc0800000u, 0xc0400000u, 0x40800000u,
};
static const uint32_t nrc_d84[] = {
    0x41800000u, 0x41400000u, 0x40800000u, 0x41800000u, 0x41400000u, 0x00000000u, 0x00000000u, 0xc1400000u,
    0xc0800000u, 0xc0800000u, 0xc1400000u, 0xc0800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1800000u, 0xc1400000u, 0x40400000u,
    0x41400000u, 0x41100000u, 0x00000000u, 0x00000000u, 0x41400000u, 0x40800000u, 0xc0400000u, 0xc1100000u,
    0xc0400000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0000000u, 0xc1000000u, 0xc0c00000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x40000000u, 0x40c00000u, 0x40000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1800000u,
    0x00000000u, 0x00000000u, 0xc1800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x41400000u, 0xc1800000u,
    0x41800000u, 0x41400000u, 0xc1800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x41800000u, 0x00000000u, 0x00000000u, 0xc1400000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0xc1400000u, 0x41800000u, 0x41400000u, 0x41100000u, 0xc1400000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x41000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0xc1000000u, 0xc0c00000u, 0x41000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
};
static const nnef_run_tensor nrc_deconv2d_output_shape_stride3_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 3, 2}, nrc_d82, 0},
    {"f", NNX_FLOAT32, 4, {1, 2, 2, 3}, nrc_d83, 0},
};
static const nnef_run_tensor nrc_deconv2d_output_shape_stride3_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 9, 7}, nrc_d84, 0},
};
/* deconv 2-D stride 3, output_shape 2 and 1 larger than computed */
static const char nrc_deconv2d_output_shape_stride3_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_output_shape_stride3( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 3, 2]);\n"
    "    f = external<scalar>(shape = [1, 2, 2, 3]);\n"
    "    y = deconv(x, f, 0.0, border = 'constant', padding = [(0, 0), (1, 0)], stride = [3, 3], output_shape = [1, 2, 9, 7], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d85[] = {
    0xc0400000u, 0x40400000u, 0xc0400000u, 0x3f800000u, 0xc0000000u, 0xc0000000u, 0xc0400000u, 0x40000000u,
    0xc0800000u, 0x40800000u, 0x40800000u, 0xc0800000u, 0x40000000u, 0xc0000000u, 0xbf800000u, 0xc0800000u,
    0xc0800000u, 0xbf800000u, 0x00000000u, 0xbf800000u, 0xc0000000u, 0x40000000u, 0xbf800000u, 0x40400000u,
};
static const uint32_t nrc_d86[] = {
    0x00000000u, 0xc0400000u, 0x40000000u, 0x40800000u, 0x3f800000u, 0x00000000u, 0x3f800000u, 0xc0000000u,
    0x40000000u, 0xc0000000u, 0x40000000u, 0x00000000u, 0x40400000u, 0x40000000u, 0x40800000u, 0xc0800000u,
    0xc0800000u, 0xbf800000u, 0x40000000u, 0x00000000u, 0x00000000u, 0x40800000u, 0xc0000000u, 0x40000000u,
    0x00000000u, 0x3f800000u, 0x40800000u, 0x00000000u, 0x00000000u, 0x40400000u, 0x3f800000u, 0xc0400000u,
    0xc0000000u, 0x40800000u, 0xc0400000u, 0xc0800000u, 0xc0000000u, 0x3f800000u, 0xc0000000u, 0x40800000u,
    0x00000000u, 0x40400000u, 0xc0000000u, 0xc0000000u, 0x00000000u, 0x3f800000u, 0xc0000000u, 0x40000000u,
};
static const uint32_t nrc_d87[] = {
    0x41300000u, 0x40000000u, 0xc1b80000u, 0xc0000000u, 0x41a00000u, 0xc1200000u, 0x40c00000u, 0x40000000u,
    0xc0c00000u, 0xc0000000u, 0xc0400000u, 0xc0800000u, 0x40e00000u, 0xc1800000u, 0xc1800000u, 0xc1400000u,
    0x40e00000u, 0xc1300000u, 0xc1400000u, 0xc0a00000u, 0xc0000000u, 0xc1000000u, 0x41500000u, 0xc0400000u,
    0xc1100000u, 0x41400000u, 0xc1700000u, 0x40c00000u, 0x42080000u, 0xc1880000u, 0x00000000u, 0xbf800000u,
    0x40400000u, 0xc0400000u, 0xc0e00000u, 0xc0c00000u, 0xc0800000u, 0x41800000u, 0xc0a00000u, 0x40e00000u,
    0x420c0000u, 0x40000000u, 0x40c00000u, 0x41200000u, 0xc1880000u, 0xbf800000u, 0x40800000u, 0xbf800000u,
    0xc0800000u, 0xc0400000u, 0x41c00000u, 0x41100000u, 0xc1d80000u, 0xc1200000u, 0x41100000u, 0xc1b00000u,
    0xc1500000u, 0x41b00000u, 0x40800000u, 0xc0800000u, 0xc1400000u, 0x41800000u, 0xc1a00000u, 0xc0c00000u,
    0xc1c00000u, 0x40000000u, 0xc1500000u, 0x41900000u, 0xc0000000u, 0x41400000u, 0x40e00000u, 0xc0000000u,
    0xc0c00000u, 0x40000000u, 0xc0400000u, 0x41600000u, 0xc22c0000u, 0xc0c00000u, 0x40400000u, 0xc1600000u,
    0xc0a00000u, 0x41b00000u, 0x00000000u, 0xc0800000u, 0xc0000000u, 0x42000000u, 0x00000000u, 0xc0000000u,
    0xc2240000u, 0xc1200000u, 0x40000000u, 0xc1400000u, 0xc1300000u, 0x41d00000u, 0x41700000u, 0xc1600000u,
};
static const nnef_run_tensor nrc_deconv2d_auto_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 3}, nrc_d85, 0},
    {"f", NNX_FLOAT32, 4, {2, 2, 3, 4}, nrc_d86, 0},
};
static const nnef_run_tensor nrc_deconv2d_auto_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 8, 6}, nrc_d87, 0},
};
/* deconv 2-D automatic padding, stride 2 (X = x * s) */
static const char nrc_deconv2d_auto_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_auto( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 3]);\n"
    "    f = external<scalar>(shape = [2, 2, 3, 4]);\n"
    "    y = deconv(x, f, 0.0, border = 'constant', stride = [2, 2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d88[] = {
    0x40400000u, 0x40800000u, 0x40400000u, 0x40800000u, 0x40000000u, 0xc0800000u, 0x40000000u, 0x00000000u,
    0x40000000u, 0x40800000u, 0xbf800000u, 0xc0000000u, 0x40000000u, 0xc0000000u, 0x00000000u, 0xc0800000u,
    0x00000000u, 0x3f800000u, 0xbf800000u, 0xc0400000u, 0xc0800000u, 0x40000000u, 0xc0000000u, 0x40400000u,
};
static const uint32_t nrc_d89[] = {
    0x40400000u, 0x3f800000u, 0xc0000000u, 0x40800000u, 0x40000000u, 0x40800000u, 0xc0400000u, 0x40800000u,
    0x40400000u, 0xc0800000u, 0x40800000u, 0x40800000u, 0xc0000000u, 0xc0800000u, 0xc0000000u, 0xc0400000u,
    0x00000000u, 0xc0000000u,
};
static const uint32_t nrc_d90[] = {
    0xc0000000u, 0x41e00000u, 0x41800000u, 0x42000000u, 0x40c00000u, 0x00000000u, 0xc1980000u, 0x41900000u,
    0xc1500000u, 0x41400000u, 0x41c00000u, 0x42000000u, 0x40800000u, 0xc1200000u, 0xc1400000u, 0x41600000u,
    0x41900000u, 0xc0800000u, 0x41c80000u, 0xc1f00000u, 0x41000000u, 0x41800000u, 0x41400000u, 0x41b00000u,
    0x41a00000u, 0x41a00000u, 0x41b00000u, 0xc1100000u, 0xc1400000u, 0x41900000u, 0x00000000u, 0x41400000u,
    0x40c00000u, 0xc1600000u, 0xc1800000u,
};
static const nnef_run_tensor nrc_deconv2d_auto_output_shape_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 3}, nrc_d88, 0},
    {"f", NNX_FLOAT32, 4, {2, 1, 3, 3}, nrc_d89, 0},
};
static const nnef_run_tensor nrc_deconv2d_auto_output_shape_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 1, 7, 5}, nrc_d90, 0},
};
/* deconv 2-D automatic padding with output_shape (X = 2x - 1) */
static const char nrc_deconv2d_auto_output_shape_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_auto_output_shape( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 3]);\n"
    "    f = external<scalar>(shape = [2, 1, 3, 3]);\n"
    "    y = deconv(x, f, 0.0, border = 'constant', stride = [2, 2], output_shape = [1, 1, 7, 5], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d91[] = {
    0xc0000000u, 0x00000000u, 0xbf800000u, 0x3f800000u, 0xc0800000u, 0x40800000u, 0x00000000u, 0x00000000u,
    0x40800000u, 0x40800000u, 0x40400000u, 0x40000000u,
};
static const uint32_t nrc_d92[] = {
    0x40800000u, 0x3f800000u, 0x3f800000u, 0xc0800000u, 0x3f800000u, 0x40800000u, 0x40800000u, 0x40800000u,
    0xc0400000u, 0x00000000u, 0xc0000000u, 0x00000000u,
};
static const uint32_t nrc_d93[] = {
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0xc1000000u, 0xc0000000u, 0xc0c00000u, 0x40400000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0x00000000u,
    0x41000000u, 0xc0000000u, 0xc0800000u, 0xc0a00000u, 0xc0400000u, 0x40800000u, 0x00000000u, 0x00000000u,
    0xc1800000u, 0x41400000u, 0x00000000u, 0x40800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x41800000u, 0xc1a00000u, 0xc1400000u, 0x41800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x41800000u, 0x41a00000u, 0x41a00000u, 0x41700000u, 0x40a00000u, 0x40000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0xc1000000u, 0xc1000000u, 0x40000000u, 0x00000000u, 0x40e00000u, 0xc0400000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x40800000u, 0x00000000u, 0x40000000u, 0xc0000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0xc1800000u, 0x00000000u, 0x41e00000u, 0xc1400000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x41000000u, 0xc1000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x41800000u, 0x42000000u, 0x41800000u, 0x41000000u, 0xbf800000u, 0xc0c00000u, 0x00000000u, 0x00000000u,
};
static const nnef_run_tensor nrc_deconv2d_negative_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 3, 4}, nrc_d91, 0},
    {"f", NNX_FLOAT32, 4, {1, 2, 2, 3}, nrc_d92, 0},
};
static const nnef_run_tensor nrc_deconv2d_negative_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 8}, nrc_d93, 0},
};
/* deconv 2-D negative padding (-1, 1), (0, -2) */
static const char nrc_deconv2d_negative_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_negative( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 3, 4]);\n"
    "    f = external<scalar>(shape = [1, 2, 2, 3]);\n"
    "    y = deconv(x, f, 0.0, border = 'constant', padding = [(-1, 1), (0, -2)], stride = [2, 1], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d94[] = {
    0x00000000u, 0x40800000u, 0xc0000000u, 0x40800000u, 0x3f800000u, 0x40000000u, 0x40400000u, 0xc0800000u,
    0xbf800000u, 0xbf800000u, 0x40400000u, 0x3f800000u, 0x40000000u, 0x3f800000u, 0x40000000u, 0xbf800000u,
    0x00000000u, 0xc0800000u, 0x40800000u, 0x40400000u, 0x3f800000u, 0x40400000u, 0x00000000u, 0xc0800000u,
};
static const uint32_t nrc_d95[] = {
    0xbf800000u, 0xc0400000u, 0x40800000u, 0xbf800000u, 0xbf800000u, 0xbf800000u, 0xc0400000u, 0xc0000000u,
    0x3f800000u, 0x3f800000u, 0x40000000u, 0xbf800000u, 0xbf800000u, 0xc0000000u, 0x40000000u, 0x00000000u,
    0x00000000u, 0x40400000u, 0x40400000u, 0x00000000u, 0x00000000u, 0xc0000000u, 0x40000000u, 0x40800000u,
    0x40800000u, 0x40800000u, 0xc0800000u, 0x3f800000u, 0xc0800000u, 0xc0400000u, 0xc0800000u, 0x40400000u,
    0x40800000u, 0xc0800000u, 0x00000000u, 0xbf800000u, 0x00000000u, 0x40800000u, 0x00000000u, 0x40000000u,
    0xc0000000u, 0xc0800000u, 0x3f800000u, 0xbf800000u, 0xc0000000u, 0xc0400000u, 0x40800000u, 0xc0000000u,
};
static const uint32_t nrc_d96[] = {
    0x40400000u, 0x00000000u,
};
static const uint32_t nrc_d97[] = {
    0x41100000u, 0xc1f00000u, 0xc1a80000u, 0xc0c00000u, 0xc1a00000u, 0xc1980000u, 0x40000000u, 0xc0800000u,
    0x41880000u, 0x41500000u, 0xbf800000u, 0x00000000u, 0xc0400000u, 0x41b00000u, 0xc0a00000u, 0x40a00000u,
    0x41a00000u, 0x40e00000u, 0xc1100000u, 0x00000000u, 0x41200000u, 0xc1100000u, 0x00000000u, 0xc1d80000u,
    0x00000000u, 0xc0a00000u, 0x41900000u, 0x41000000u, 0xc1600000u, 0xc1600000u, 0xc0c00000u, 0xc1800000u,
    0xc1900000u, 0x00000000u, 0xc0a00000u, 0x41000000u, 0x40c00000u, 0xc1000000u, 0x41500000u, 0x40800000u,
    0xc1700000u, 0x41000000u, 0x40000000u, 0x41400000u, 0xc1400000u, 0xc0000000u, 0xc0000000u, 0x41000000u,
    0xc1000000u, 0x40800000u, 0xc1c00000u, 0x00000000u, 0x3f800000u, 0x41000000u,
};
static const nnef_run_tensor nrc_deconv3d_in[] = {
    {"x", NNX_FLOAT32, 5, {1, 2, 2, 3, 2}, nrc_d94, 0},
    {"f", NNX_FLOAT32, 5, {2, 2, 2, 2, 3}, nrc_d95, 0},
    {"b", NNX_FLOAT32, 2, {1, 2}, nrc_d96, 0},
};
static const nnef_run_tensor nrc_deconv3d_out[] = {
    {"y", NNX_FLOAT32, 5, {1, 2, 3, 3, 3}, nrc_d97, 0},
};
/* deconv 3-D stride (2,1,2), padding (0,1),(1,0),(1,1), bias [1, 2] */
static const char nrc_deconv3d_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv3d( x, f, b ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 2, 3, 2]);\n"
    "    f = external<scalar>(shape = [2, 2, 2, 2, 3]);\n"
    "    b = external<scalar>(shape = [1, 2]);\n"
    "    y = deconv(x, f, b, border = 'constant', padding = [(0, 1), (1, 0), (1, 1)], stride = [2, 1, 2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d98[] = {
    0xc0800000u, 0x3f800000u, 0x3f800000u, 0xc0000000u, 0xc0000000u,
};
static const uint32_t nrc_d99[] = {
    0x40000000u, 0x40400000u, 0x3f800000u, 0x40800000u, 0x00000000u, 0xc0000000u,
};
static const uint32_t nrc_d100[] = {
    0x00000000u, 0x3f800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1100000u, 0x00000000u, 0xc1400000u,
    0x00000000u, 0x00000000u, 0x41400000u, 0x00000000u, 0xc1200000u, 0x00000000u, 0xc1200000u, 0x00000000u,
    0xc0800000u, 0x00000000u,
};
static const uint32_t nrc_d101[] = {
    0x00000000u, 0x3f800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1100000u, 0x00000000u, 0xc1400000u,
    0x00000000u, 0x00000000u, 0x41400000u, 0x00000000u, 0xc1200000u, 0x00000000u, 0xc1200000u, 0x00000000u,
    0xc0800000u, 0x00000000u,
};
static const uint32_t nrc_d102[] = {
    0x00000000u, 0x3f800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1100000u, 0x00000000u, 0xc1400000u,
    0x00000000u, 0x00000000u, 0x41400000u, 0x00000000u, 0xc1200000u, 0x00000000u, 0xc1200000u, 0x00000000u,
    0xc0800000u, 0x00000000u,
};
static const nnef_run_tensor nrc_deconv1d_borders_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 1, 5}, nrc_d98, 0},
    {"f", NNX_FLOAT32, 3, {1, 2, 3}, nrc_d99, 0},
};
static const nnef_run_tensor nrc_deconv1d_borders_out[] = {
    {"y_replicate", NNX_FLOAT32, 3, {1, 2, 9}, nrc_d100, 0},
    {"y_reflect", NNX_FLOAT32, 3, {1, 2, 9}, nrc_d101, 0},
    {"y_reflect_even", NNX_FLOAT32, 3, {1, 2, 9}, nrc_d102, 0},
};
/* deconv 1-D borders replicate / reflect / reflect-even, stride 2, dilation 2, padding (3, 1) */
static const char nrc_deconv1d_borders_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv1d_borders( x, f ) -> ( y_replicate, y_reflect, y_reflect_even )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 5]);\n"
    "    f = external<scalar>(shape = [1, 2, 3]);\n"
    "    y_replicate = deconv(x, f, 0.0, border = 'replicate', padding = [(3, 1)], stride = [2], dilation = [2], groups = 1);\n"
    "    y_reflect = deconv(x, f, 0.0, border = 'reflect', padding = [(3, 1)], stride = [2], dilation = [2], groups = 1);\n"
    "    y_reflect_even = deconv(x, f, 0.0, border = 'reflect-even', padding = [(3, 1)], stride = [2], dilation = [2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d103[] = {
    0x00000000u, 0x40000000u, 0x00000000u, 0xc0400000u, 0x40000000u, 0xbf800000u, 0x40400000u, 0x40800000u,
    0xc0400000u, 0x40000000u, 0x3f800000u, 0xc0000000u,
};
static const uint32_t nrc_d104[] = {
    0x3f800000u, 0xc0000000u, 0xc0000000u, 0x00000000u, 0xc0400000u, 0xc0800000u, 0x00000000u, 0xc0400000u,
    0x3f800000u,
};
static const uint32_t nrc_d105[] = {
    0x00000000u, 0x00000000u, 0x40000000u, 0xc1200000u, 0xc0000000u, 0x00000000u, 0xc0400000u, 0x41700000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0c00000u, 0xc1000000u, 0x00000000u, 0x00000000u,
    0x41100000u, 0x41400000u, 0xc0000000u, 0xc0800000u, 0xc0a00000u, 0xc0800000u, 0x40e00000u, 0xc0c00000u,
    0xc0000000u, 0x3f800000u, 0xc0e00000u, 0xc1000000u, 0xc0c00000u, 0xc1000000u, 0x40400000u, 0x40800000u,
    0xc1100000u, 0xc1400000u, 0xc1400000u, 0xc1800000u, 0x40a00000u, 0x00000000u, 0x41200000u, 0xbf800000u,
    0xc0800000u, 0xc1300000u, 0xbf800000u, 0xc1000000u, 0x40c00000u, 0x41400000u, 0x41100000u, 0x41400000u,
    0xc0c00000u, 0xc1000000u, 0xc0400000u, 0xc0800000u, 0x40c00000u, 0x41000000u, 0x00000000u, 0x41700000u,
    0x40a00000u, 0xc1200000u, 0xbf800000u, 0xc0a00000u, 0xc0400000u, 0x41200000u, 0x00000000u,
};
static const uint32_t nrc_d106[] = {
    0xc0a00000u, 0xc0c00000u, 0x40800000u, 0xbf800000u, 0xc0a00000u, 0xc1100000u, 0x00000000u, 0xc0c00000u,
    0x41200000u, 0xc1000000u, 0x00000000u, 0x00000000u, 0xc0c00000u, 0xc1000000u, 0x00000000u, 0x00000000u,
    0x41100000u, 0x41400000u, 0x40c00000u, 0xc0800000u, 0xc0a00000u, 0xc0800000u, 0x40e00000u, 0xc0c00000u,
    0xc0000000u, 0x3f800000u, 0xc1000000u, 0x40800000u, 0xc0c00000u, 0xc1000000u, 0x40400000u, 0x40800000u,
    0xc1100000u, 0xc1400000u, 0xc1400000u, 0xc1800000u, 0xc1000000u, 0x00000000u, 0x41200000u, 0xbf800000u,
    0xc0800000u, 0xc1300000u, 0xbf800000u, 0xc1000000u, 0x41100000u, 0xc1000000u, 0x41100000u, 0x41400000u,
    0xc0c00000u, 0xc1000000u, 0xc0400000u, 0xc0800000u, 0x40c00000u, 0x41000000u, 0x40c00000u, 0x40a00000u,
    0xc1000000u, 0xc0800000u, 0x40e00000u, 0xc1100000u, 0xbf800000u, 0xc0000000u, 0xc0e00000u,
};
static const uint32_t nrc_d107[] = {
    0x00000000u, 0x00000000u, 0x40000000u, 0xc1200000u, 0xc0000000u, 0x00000000u, 0xc0400000u, 0x41700000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0c00000u, 0xc1000000u, 0x00000000u, 0x00000000u,
    0x41100000u, 0x41400000u, 0xc0000000u, 0xc0800000u, 0xc0a00000u, 0xc0800000u, 0x40e00000u, 0xc0c00000u,
    0xc0000000u, 0x3f800000u, 0xc0e00000u, 0xc1000000u, 0xc0c00000u, 0xc1000000u, 0x40400000u, 0x40800000u,
    0xc1100000u, 0xc1400000u, 0xc1400000u, 0xc1800000u, 0x40a00000u, 0x00000000u, 0x41200000u, 0xbf800000u,
    0xc0800000u, 0xc1300000u, 0xbf800000u, 0xc1000000u, 0x40c00000u, 0x41400000u, 0x41100000u, 0x41400000u,
    0xc0c00000u, 0xc1000000u, 0xc0400000u, 0xc0800000u, 0x40c00000u, 0x41000000u, 0x00000000u, 0x41700000u,
    0x40a00000u, 0xc1200000u, 0xbf800000u, 0xc0a00000u, 0xc0400000u, 0x41200000u, 0x00000000u,
};
static const nnef_run_tensor nrc_deconv2d_borders_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 3, 4}, nrc_d103, 0},
    {"f", NNX_FLOAT32, 4, {1, 1, 3, 3}, nrc_d104, 0},
};
static const nnef_run_tensor nrc_deconv2d_borders_out[] = {
    {"y_replicate", NNX_FLOAT32, 4, {1, 1, 7, 9}, nrc_d105, 0},
    {"y_reflect", NNX_FLOAT32, 4, {1, 1, 7, 9}, nrc_d106, 0},
    {"y_reflect_even", NNX_FLOAT32, 4, {1, 1, 7, 9}, nrc_d107, 0},
};
/* deconv 2-D borders replicate / reflect / reflect-even, stride 2, padding 0 */
static const char nrc_deconv2d_borders_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_borders( x, f ) -> ( y_replicate, y_reflect, y_reflect_even )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 3, 4]);\n"
    "    f = external<scalar>(shape = [1, 1, 3, 3]);\n"
    "    y_replicate = deconv(x, f, 0.0, border = 'replicate', padding = [(0, 0), (0, 0)], stride = [2, 2], groups = 1);\n"
    "    y_reflect = deconv(x, f, 0.0, border = 'reflect', padding = [(0, 0), (0, 0)], stride = [2, 2], groups = 1);\n"
    "    y_reflect_even = deconv(x, f, 0.0, border = 'reflect-even', padding = [(0, 0), (0, 0)], stride = [2, 2], groups = 1);\n"
    "}\n";
static const uint32_t nrc_d108[] = {
    0xbf800000u, 0x40400000u, 0xc0400000u, 0x40400000u, 0x40000000u, 0xc0000000u, 0x00000000u, 0xc0000000u,
    0xbf800000u,
};
static const uint32_t nrc_d109[] = {
    0x40000000u, 0xbf800000u, 0x40000000u, 0x40000000u, 0xc0400000u, 0xbf800000u, 0xc0400000u, 0x00000000u,
    0xc0400000u, 0x00000000u, 0x40800000u, 0x40400000u, 0xbf800000u, 0x3f800000u, 0x3f800000u, 0xc0000000u,
    0x00000000u, 0xc0000000u, 0x40800000u, 0xc0400000u, 0x40000000u, 0xc0800000u, 0xc0400000u, 0x3f800000u,
};
static const uint32_t nrc_d110[] = {
    0xc0800000u, 0xbf800000u, 0x40800000u, 0x40400000u, 0x00000000u, 0xc0400000u, 0x41900000u, 0xc0400000u,
    0x40800000u, 0xc0000000u, 0x00000000u, 0x40000000u, 0x00000000u, 0xc1500000u, 0xc0000000u, 0x40c00000u,
    0x40400000u, 0xc0c00000u, 0xc1900000u, 0x00000000u, 0xc1980000u, 0x40000000u, 0xc0c00000u, 0x3f800000u,
    0x41100000u, 0x41400000u, 0x40a00000u, 0x41600000u, 0x40c00000u, 0xc0a00000u, 0x00000000u, 0x00000000u,
    0x40000000u, 0x40000000u, 0x40400000u, 0x3f800000u, 0x40e00000u, 0x40400000u, 0xc1880000u, 0xc1100000u,
    0x41700000u, 0x41100000u, 0xc0c00000u, 0x40c00000u, 0x41300000u, 0xc0e00000u, 0xc0000000u, 0x40e00000u,
    0xc1100000u, 0x40400000u, 0xc1b80000u, 0xc1100000u, 0x41700000u, 0x41100000u, 0x41900000u, 0xc1100000u,
    0x41800000u, 0xc1000000u, 0xc0a00000u, 0x40a00000u, 0xc1100000u, 0xc1100000u, 0xbf800000u, 0xc0c00000u,
    0x41800000u, 0x40c00000u, 0x00000000u, 0x00000000u, 0xc0c00000u, 0x40800000u, 0xc1100000u, 0x40000000u,
};
static const nnef_run_tensor nrc_deconv2d_replicate_auto_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 3, 3}, nrc_d108, 0},
    {"f", NNX_FLOAT32, 4, {1, 2, 4, 3}, nrc_d109, 0},
};
static const nnef_run_tensor nrc_deconv2d_replicate_auto_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 6}, nrc_d110, 0},
};
/* deconv 2-D border replicate, automatic padding, stride 2 */
static const char nrc_deconv2d_replicate_auto_doc[] =
    "version 1.0;\n"
    "\n"
    "graph deconv2d_replicate_auto( x, f ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 3, 3]);\n"
    "    f = external<scalar>(shape = [1, 2, 4, 3]);\n"
    "    y = deconv(x, f, 0.0, border = 'replicate', stride = [2, 2], groups = 1);\n"
    "}\n";
static const uint64_t nrc_d111[] = {
    0x3ff0000000000000ull, 0x4010000000000000ull, 0x0000000000000000ull, 0x4008000000000000ull, 0xc000000000000000ull, 0xc000000000000000ull, 0xc008000000000000ull, 0x4000000000000000ull,
    0xc010000000000000ull, 0xbff0000000000000ull, 0x4000000000000000ull, 0xc010000000000000ull, 0xbff0000000000000ull, 0x4008000000000000ull, 0x0000000000000000ull, 0x0000000000000000ull,
    0xbff0000000000000ull, 0x0000000000000000ull, 0xc010000000000000ull, 0x4000000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull, 0xc008000000000000ull, 0x4010000000000000ull,
};
static const uint64_t nrc_d112[] = {
    0x4008000000000000ull, 0x4008000000000000ull, 0xc000000000000000ull, 0xc008000000000000ull, 0x4000000000000000ull, 0xbff0000000000000ull, 0x4000000000000000ull, 0x4008000000000000ull,
    0x3ff0000000000000ull, 0xc000000000000000ull, 0x0000000000000000ull, 0xbff0000000000000ull, 0xc000000000000000ull, 0xc008000000000000ull, 0xc010000000000000ull, 0xbff0000000000000ull,
    0x4008000000000000ull, 0xc008000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull, 0x4000000000000000ull, 0x4000000000000000ull, 0x3ff0000000000000ull, 0xc000000000000000ull,
};
static const uint64_t nrc_d113[] = {
    0xc000000000000000ull, 0xc02e000000000000ull, 0xbff0000000000000ull, 0x4020000000000000ull, 0x4000000000000000ull, 0xc01c000000000000ull, 0xc010000000000000ull, 0xc018000000000000ull,
    0xc010000000000000ull, 0xc010000000000000ull, 0x4026000000000000ull, 0x4010000000000000ull, 0x401c000000000000ull, 0x4018000000000000ull, 0x4018000000000000ull, 0xc028000000000000ull,
    0xc02a000000000000ull, 0x4028000000000000ull, 0xc030000000000000ull, 0x3ff0000000000000ull, 0xc018000000000000ull, 0xc031000000000000ull, 0x402e000000000000ull, 0xc02c000000000000ull,
    0x4024000000000000ull, 0x4014000000000000ull, 0xc014000000000000ull, 0x0000000000000000ull, 0xc01c000000000000ull, 0x4026000000000000ull, 0xc010000000000000ull, 0xc000000000000000ull,
    0xbff0000000000000ull, 0xc008000000000000ull, 0x3ff0000000000000ull, 0xc024000000000000ull, 0xc018000000000000ull, 0xc010000000000000ull, 0xc032000000000000ull, 0x4000000000000000ull,
    0xc014000000000000ull, 0x0000000000000000ull, 0x4000000000000000ull, 0x4010000000000000ull, 0xc008000000000000ull, 0x0000000000000000ull, 0x0000000000000000ull, 0x4010000000000000ull,
    0xc010000000000000ull, 0xc018000000000000ull, 0xc032000000000000ull, 0x3ff0000000000000ull, 0x4028000000000000ull, 0xc039000000000000ull, 0x4028000000000000ull, 0xc000000000000000ull,
    0xc020000000000000ull, 0x402c000000000000ull, 0xc008000000000000ull, 0x4022000000000000ull,
};
static const nnef_run_tensor nrc_core_deconv_float64_computed[] = {
    {"in0", NNX_FLOAT64, 4, {1, 2, 3, 4}, nrc_d111, 0},
    {"in1", NNX_FLOAT64, 4, {2, 2, 2, 3}, nrc_d112, 0},
    {"out", NNX_FLOAT64, 4, {1, 2, 5, 6}, nrc_d113, 0},
};
static const uint64_t nrc_d114[] = {
    0x4008000000000000ull, 0xc008000000000000ull, 0xc000000000000000ull, 0xc010000000000000ull, 0xc008000000000000ull, 0x0000000000000000ull, 0xc008000000000000ull, 0x0000000000000000ull,
    0x4010000000000000ull, 0xc000000000000000ull, 0x4010000000000000ull, 0xc000000000000000ull, 0x0000000000000000ull, 0xc008000000000000ull, 0xc000000000000000ull, 0x0000000000000000ull,
    0xc008000000000000ull, 0x4010000000000000ull, 0x4000000000000000ull, 0x3ff0000000000000ull, 0xc010000000000000ull, 0x4008000000000000ull, 0x0000000000000000ull, 0xc008000000000000ull,
    0x4000000000000000ull, 0xc000000000000000ull, 0xc000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3ff0000000000000ull, 0x4000000000000000ull, 0xc010000000000000ull,
    0x4008000000000000ull, 0xc000000000000000ull, 0xc008000000000000ull, 0xbff0000000000000ull, 0x4010000000000000ull, 0x4000000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
    0x4010000000000000ull, 0x4008000000000000ull, 0x0000000000000000ull, 0xc008000000000000ull, 0xc010000000000000ull, 0x4008000000000000ull, 0x3ff0000000000000ull, 0x3ff0000000000000ull,
    0xbff0000000000000ull, 0xc010000000000000ull, 0xc000000000000000ull, 0x4008000000000000ull, 0x4000000000000000ull, 0x4000000000000000ull, 0x3ff0000000000000ull, 0x4010000000000000ull,
    0xbff0000000000000ull, 0x4000000000000000ull, 0xc010000000000000ull, 0xc010000000000000ull, 0x0000000000000000ull, 0xc000000000000000ull, 0xc008000000000000ull, 0x3ff0000000000000ull,
    0x4000000000000000ull, 0x4000000000000000ull, 0x4008000000000000ull, 0x4010000000000000ull, 0x4010000000000000ull, 0x3ff0000000000000ull, 0x4000000000000000ull, 0xc010000000000000ull,
    0x3ff0000000000000ull, 0xc010000000000000ull, 0x4008000000000000ull, 0xbff0000000000000ull, 0x4000000000000000ull, 0xc010000000000000ull, 0x4010000000000000ull, 0xbff0000000000000ull,
    0xbff0000000000000ull, 0x4008000000000000ull, 0xc010000000000000ull, 0xc000000000000000ull, 0x0000000000000000ull, 0x3ff0000000000000ull, 0x4010000000000000ull, 0x3ff0000000000000ull,
    0x4008000000000000ull, 0xc010000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3ff0000000000000ull, 0x4000000000000000ull, 0xc008000000000000ull, 0x4010000000000000ull,
    0x3ff0000000000000ull, 0xc008000000000000ull, 0x4010000000000000ull, 0x4008000000000000ull, 0x4010000000000000ull, 0xc008000000000000ull, 0x4000000000000000ull, 0xc008000000000000ull,
    0xc000000000000000ull, 0x4008000000000000ull, 0x4008000000000000ull, 0x3ff0000000000000ull, 0x4010000000000000ull, 0xc000000000000000ull, 0x3ff0000000000000ull, 0x0000000000000000ull,
    0x4000000000000000ull, 0x0000000000000000ull, 0xc010000000000000ull, 0x0000000000000000ull, 0xc008000000000000ull, 0x4010000000000000ull, 0x4010000000000000ull, 0xbff0000000000000ull,
};
static const uint64_t nrc_d115[] = {
    0x4008000000000000ull, 0xc000000000000000ull, 0xc000000000000000ull, 0x0000000000000000ull, 0x3ff0000000000000ull, 0x0000000000000000ull, 0x3ff0000000000000ull, 0x4010000000000000ull,
    0x4008000000000000ull, 0x3ff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull, 0xc000000000000000ull, 0xc008000000000000ull, 0x3ff0000000000000ull, 0x3ff0000000000000ull,
    0x3ff0000000000000ull, 0x4000000000000000ull, 0x4010000000000000ull, 0xc010000000000000ull, 0xc010000000000000ull, 0x0000000000000000ull, 0xbff0000000000000ull, 0x4010000000000000ull,
    0x4000000000000000ull, 0xc008000000000000ull, 0x4000000000000000ull, 0x0000000000000000ull, 0x3ff0000000000000ull, 0x4000000000000000ull, 0x0000000000000000ull, 0xbff0000000000000ull,
    0xc010000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull, 0xc000000000000000ull, 0x3ff0000000000000ull, 0xc010000000000000ull, 0x4010000000000000ull, 0x0000000000000000ull,
    0x4008000000000000ull, 0xbff0000000000000ull, 0x4010000000000000ull, 0x4008000000000000ull, 0x4010000000000000ull, 0xc008000000000000ull, 0x0000000000000000ull, 0x0000000000000000ull,
};
static const uint64_t nrc_d116[] = {
    0x4024000000000000ull, 0xc018000000000000ull, 0xbff0000000000000ull, 0xc02e000000000000ull, 0xc03f000000000000ull, 0xc028000000000000ull, 0xc022000000000000ull, 0x4014000000000000ull,
    0x4020000000000000ull, 0xc01c000000000000ull, 0x4010000000000000ull, 0xc014000000000000ull, 0x4000000000000000ull, 0xc02e000000000000ull, 0x4008000000000000ull, 0xc03e000000000000ull,
    0xc026000000000000ull, 0x4008000000000000ull, 0xc020000000000000ull, 0x402e000000000000ull, 0x404b800000000000ull, 0x0000000000000000ull, 0xc024000000000000ull, 0xc030000000000000ull,
    0xc02c000000000000ull, 0xbff0000000000000ull, 0x3ff0000000000000ull, 0x4008000000000000ull, 0x403a000000000000ull, 0x4010000000000000ull, 0xc03b000000000000ull, 0x4036000000000000ull,
    0x4018000000000000ull, 0x4010000000000000ull, 0xc028000000000000ull, 0x4010000000000000ull, 0xc026000000000000ull, 0xc030000000000000ull, 0x0000000000000000ull, 0xc034000000000000ull,
    0xbff0000000000000ull, 0xc018000000000000ull, 0x401c000000000000ull, 0xc030000000000000ull, 0xc03b000000000000ull, 0xc02e000000000000ull, 0x401c000000000000ull, 0x4020000000000000ull,
    0x0000000000000000ull, 0x0000000000000000ull, 0x4022000000000000ull, 0xc020000000000000ull, 0xc026000000000000ull, 0x0000000000000000ull, 0x4024000000000000ull, 0x4038000000000000ull,
    0x0000000000000000ull, 0xc028000000000000ull, 0xc01c000000000000ull, 0xc018000000000000ull, 0x403a000000000000ull, 0x4031000000000000ull, 0x4041800000000000ull, 0xc018000000000000ull,
};
static const nnef_run_tensor nrc_core_conv3d_float64_groups[] = {
    {"in0", NNX_FLOAT64, 5, {1, 2, 5, 4, 3}, nrc_d114, 0},
    {"in1", NNX_FLOAT64, 5, {4, 1, 2, 3, 2}, nrc_d115, 0},
    {"out", NNX_FLOAT64, 5, {1, 4, 2, 4, 2}, nrc_d116, 0},
};

static const nnef_run_case nrc_cases[] = {
    {"conv1d", nrc_conv1d_doc, 2, nrc_conv1d_in, 1, nrc_conv1d_out},
    {"conv1d_stride_dilation_auto", nrc_conv1d_stride_dilation_auto_doc, 3, nrc_conv1d_stride_dilation_auto_in, 1, nrc_conv1d_stride_dilation_auto_out},
    {"conv1d_reflect_even_negative", nrc_conv1d_reflect_even_negative_doc, 2, nrc_conv1d_reflect_even_negative_in, 1, nrc_conv1d_reflect_even_negative_out},
    {"conv2d_constant", nrc_conv2d_constant_doc, 2, nrc_conv2d_constant_in, 4, nrc_conv2d_constant_out},
    {"conv2d_replicate", nrc_conv2d_replicate_doc, 2, nrc_conv2d_replicate_in, 4, nrc_conv2d_replicate_out},
    {"conv2d_reflect", nrc_conv2d_reflect_doc, 2, nrc_conv2d_reflect_in, 4, nrc_conv2d_reflect_out},
    {"conv2d_reflect_even", nrc_conv2d_reflect_even_doc, 2, nrc_conv2d_reflect_even_in, 4, nrc_conv2d_reflect_even_out},
    {"conv2d_groups2_bias", nrc_conv2d_groups2_bias_doc, 3, nrc_conv2d_groups2_bias_in, 1, nrc_conv2d_groups2_bias_out},
    {"conv2d_depthwise", nrc_conv2d_depthwise_doc, 2, nrc_conv2d_depthwise_in, 1, nrc_conv2d_depthwise_out},
    {"conv2d_multiplier_scalar_bias", nrc_conv2d_multiplier_scalar_bias_doc, 2, nrc_conv2d_multiplier_scalar_bias_in, 1, nrc_conv2d_multiplier_scalar_bias_out},
    {"conv2d_bias_singular", nrc_conv2d_bias_singular_doc, 3, nrc_conv2d_bias_singular_in, 2, nrc_conv2d_bias_singular_out},
    {"conv3d_replicate", nrc_conv3d_replicate_doc, 3, nrc_conv3d_replicate_in, 1, nrc_conv3d_replicate_out},
    {"conv3d_reflect_even_groups_auto", nrc_conv3d_reflect_even_groups_auto_doc, 2, nrc_conv3d_reflect_even_groups_auto_in, 1, nrc_conv3d_reflect_even_groups_auto_out},
    {"conv3d_constant_negative", nrc_conv3d_constant_negative_doc, 2, nrc_conv3d_constant_negative_in, 1, nrc_conv3d_constant_negative_out},
    {"conv4d_reflect", nrc_conv4d_reflect_doc, 2, nrc_conv4d_reflect_in, 1, nrc_conv4d_reflect_out},
    {"deconv1d_stride2", nrc_deconv1d_stride2_doc, 2, nrc_deconv1d_stride2_in, 1, nrc_deconv1d_stride2_out},
    {"deconv2d_stride_dilation_bias", nrc_deconv2d_stride_dilation_bias_doc, 3, nrc_deconv2d_stride_dilation_bias_in, 1, nrc_deconv2d_stride_dilation_bias_out},
    {"deconv2d_groups2", nrc_deconv2d_groups2_doc, 2, nrc_deconv2d_groups2_in, 1, nrc_deconv2d_groups2_out},
    {"deconv2d_depthwise", nrc_deconv2d_depthwise_doc, 2, nrc_deconv2d_depthwise_in, 1, nrc_deconv2d_depthwise_out},
    {"deconv2d_multiplier", nrc_deconv2d_multiplier_doc, 2, nrc_deconv2d_multiplier_in, 1, nrc_deconv2d_multiplier_out},
    {"deconv2d_output_shape", nrc_deconv2d_output_shape_doc, 2, nrc_deconv2d_output_shape_in, 1, nrc_deconv2d_output_shape_out},
    {"deconv2d_output_shape_stride3", nrc_deconv2d_output_shape_stride3_doc, 2, nrc_deconv2d_output_shape_stride3_in, 1, nrc_deconv2d_output_shape_stride3_out},
    {"deconv2d_auto", nrc_deconv2d_auto_doc, 2, nrc_deconv2d_auto_in, 1, nrc_deconv2d_auto_out},
    {"deconv2d_auto_output_shape", nrc_deconv2d_auto_output_shape_doc, 2, nrc_deconv2d_auto_output_shape_in, 1, nrc_deconv2d_auto_output_shape_out},
    {"deconv2d_negative", nrc_deconv2d_negative_doc, 2, nrc_deconv2d_negative_in, 1, nrc_deconv2d_negative_out},
    {"deconv3d", nrc_deconv3d_doc, 3, nrc_deconv3d_in, 1, nrc_deconv3d_out},
    {"deconv1d_borders", nrc_deconv1d_borders_doc, 2, nrc_deconv1d_borders_in, 3, nrc_deconv1d_borders_out},
    {"deconv2d_borders", nrc_deconv2d_borders_doc, 2, nrc_deconv2d_borders_in, 3, nrc_deconv2d_borders_out},
    {"deconv2d_replicate_auto", nrc_deconv2d_replicate_auto_doc, 2, nrc_deconv2d_replicate_auto_in, 1, nrc_deconv2d_replicate_auto_out},
};

static const nnef_run_core_case nrc_core_cases[] = {
    {"deconv_float64_computed", "deconv", 2, nrc_core_deconv_float64_computed, {.deconv = {.pads = {1, 0, 0, 2}, .strides = {2, 1}, .dilations = {1, 2}, .groups = 1}}},
    {"conv3d_float64_groups", "conv", 2, nrc_core_conv3d_float64_groups, {.conv = {.pads = {1, -1, 2, 0, 0, 1}, .strides = {2, 1, 1}, .dilations = {1, 1, 2}, .groups = 2}}},
};

#endif
