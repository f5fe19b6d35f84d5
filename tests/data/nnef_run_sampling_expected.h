/* nnef_run_sampling_expected.h — generated; do not edit. Regenerate with
 *   /usr/bin/python3 tests/unit/formats/nnef/gen_nnef_run_sampling.py
 * debox / desample / multilinear_upsample / nearest_upsample / nearest_downsample /
 * area_downsample documents and numpy-loop outputs. */
#ifndef NNX_TEST_NNEF_RUN_SAMPLING_EXPECTED_H
#define NNX_TEST_NNEF_RUN_SAMPLING_EXPECTED_H

/* Data only: the types come from tests/unit/formats/nnef/nnef_run_harness.h, included first. */

static const uint32_t nrs_d1[] = {
    0xc0c00000u, 0xc0400000u, 0x40e00000u, 0x00000000u, 0x40c00000u, 0xc0800000u, 0xc0c00000u, 0xc0000000u, 0x41000000u, 0x41000000u, 0x41100000u, 0x40400000u, 0x40800000u, 0xc0400000u, 0xc0a00000u, 0x40800000u, 0xc1100000u, 0x40e00000u, 0x3f800000u, 0x00000000u, 0xc0e00000u, 0x41100000u, 0xc0800000u, 0xbf800000u,
};
static const uint32_t nrs_d2[] = {
    0xc0c00000u, 0xc0400000u, 0xc0400000u, 0x40e00000u, 0x40e00000u, 0xc0c00000u, 0xc0400000u, 0xc0400000u, 0x40e00000u, 0x40e00000u, 0xc0c00000u, 0x40400000u, 0x40400000u, 0x40400000u, 0x40400000u, 0x00000000u, 0x40c00000u, 0x40c00000u, 0xc0800000u, 0xc0800000u, 0xc0c00000u, 0x40800000u, 0x40800000u, 0x40800000u,
    0x40800000u, 0xc0c00000u, 0xc0000000u, 0xc0000000u, 0x41000000u, 0x41000000u, 0x40000000u, 0x40e00000u, 0x40e00000u, 0x41300000u, 0x41300000u, 0x41000000u, 0x41100000u, 0x41100000u, 0x40400000u, 0x40400000u, 0x41000000u, 0x41100000u, 0x41100000u, 0x40400000u, 0x40400000u, 0x40800000u, 0xc0400000u, 0xc0400000u,
    0xc0a00000u, 0xc0a00000u, 0x40800000u, 0xc0400000u, 0xc0400000u, 0xc0a00000u, 0xc0a00000u, 0x41000000u, 0xc1400000u, 0xc1400000u, 0x40000000u, 0x40000000u, 0x40800000u, 0xc1100000u, 0xc1100000u, 0x40e00000u, 0x40e00000u, 0x40a00000u, 0xc1100000u, 0xc1100000u, 0x00000000u, 0x00000000u, 0x3f800000u, 0x00000000u,
    0x00000000u, 0xc0e00000u, 0xc0e00000u, 0x41200000u, 0xc0800000u, 0xc0800000u, 0xc1000000u, 0xc1000000u, 0x41100000u, 0xc0800000u, 0xc0800000u, 0xbf800000u, 0xbf800000u, 0x41100000u, 0xc0800000u, 0xc0800000u, 0xbf800000u, 0xbf800000u,
};
static const nnef_run_tensor nrs_debox_ignore_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 3}, nrs_d1, 0},
};
static const nnef_run_tensor nrs_debox_ignore_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 9, 5}, nrs_d2, 0},
};
/* debox 3x2 stride 2, border ignore, padding (0,0),(1,0): reads outside both edges */
static const char nrs_debox_ignore_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_ignore( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 3]);\n"
    "    y = debox(x, size = [1, 1, 3, 2], border = 'ignore', padding = [(0, 0), (0, 0), (0, 0), (1, 0)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrs_d3[] = {
    0x40c00000u, 0x40400000u, 0x40800000u, 0x40e00000u, 0x3f800000u, 0x00000000u, 0x40000000u, 0xc1000000u, 0xc1000000u, 0xc1000000u, 0x40a00000u, 0x40400000u, 0x40000000u, 0x3f800000u, 0x40000000u, 0xc0a00000u, 0x3f800000u, 0xc0e00000u, 0xc0a00000u, 0x40400000u, 0xc0c00000u, 0xc0c00000u, 0x40e00000u, 0x40000000u,
    0x41000000u, 0xc0a00000u, 0xc0e00000u, 0xc0000000u, 0x40c00000u, 0xc0000000u, 0xc1100000u, 0xc1000000u, 0x40e00000u, 0x40c00000u, 0xc0000000u, 0xbf800000u, 0xc1000000u, 0x40a00000u, 0xc1100000u, 0xc0800000u,
};
static const uint32_t nrs_d4[] = {
    0x00000000u, 0x40900000u, 0x00000000u, 0x40600000u, 0x00000000u, 0x40b00000u, 0x00000000u, 0x00000000u, 0x3f000000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0xc0400000u, 0x00000000u, 0x00000000u, 0xbfe00000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0x40980000u, 0x00000000u, 0x00000000u, 0x3f800000u, 0x00000000u,
    0x3fa00000u, 0x00000000u, 0xc0100000u, 0x00000000u, 0x00000000u, 0xc0b00000u, 0x00000000u, 0xc0700000u, 0x00000000u, 0x3fc00000u, 0x00000000u, 0x00000000u, 0x3fc00000u, 0x00000000u, 0x3fc00000u, 0x00000000u, 0xbfc00000u, 0x00000000u, 0x00000000u, 0xc0c00000u, 0x00000000u, 0x3f000000u, 0x00000000u, 0x40900000u,
    0x00000000u, 0x00000000u, 0x3fc00000u, 0x00000000u, 0xc0c00000u, 0x00000000u, 0xc0900000u, 0x00000000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xc0200000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0x00000000u, 0x40800000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xc0400000u, 0x00000000u, 0x00000000u, 0x3e800000u,
    0x00000000u, 0xc0700000u, 0x00000000u, 0xc0f00000u, 0x00000000u, 0x00000000u, 0x40d00000u, 0x00000000u, 0x40000000u, 0x00000000u, 0xbfc00000u, 0x00000000u,
};
static const nnef_run_tensor nrs_debox_norm_ignore_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 5, 4}, nrs_d3, 0},
};
static const nnef_run_tensor nrs_debox_norm_ignore_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 6, 7}, nrs_d4, 0},
};
/* debox normalize, border ignore, stride 2, dilation 2 (ignore: terms taken) */
static const char nrs_debox_norm_ignore_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_norm_ignore( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 5, 4]);\n"
    "    y = debox(x, size = [1, 2, 2], border = 'ignore', padding = [(0, 0), (0, 1), (1, 1)], stride = [1, 1, 2], dilation = [1, 2, 2], normalize = true);\n"
    "}\n";
static const uint32_t nrs_d5[] = {
    0xc0400000u, 0xc1000000u, 0x41000000u, 0x40e00000u, 0xbf800000u, 0x41100000u, 0xc0800000u, 0xc0400000u, 0x40a00000u, 0x40000000u, 0xc1100000u, 0x41100000u, 0x41000000u, 0xc1100000u, 0x40e00000u, 0xc1100000u, 0xc0e00000u, 0x40800000u, 0x41100000u, 0xc0e00000u, 0xc0e00000u, 0x00000000u, 0x3f800000u, 0xc0e00000u,
};
static const uint32_t nrs_d6[] = {
    0xc0400000u, 0xc1000000u, 0xc1000000u, 0x41000000u, 0x41000000u, 0xc0400000u, 0xc1000000u, 0xc1000000u, 0x41000000u, 0x41000000u, 0x40800000u, 0xc1100000u, 0xc1100000u, 0x41880000u, 0x41880000u, 0x40e00000u, 0xbf800000u, 0xbf800000u, 0x41100000u, 0x41100000u, 0x40400000u, 0xc0800000u, 0xc0800000u, 0x41600000u,
    0x41600000u, 0xc0800000u, 0xc0400000u, 0xc0400000u, 0x40a00000u, 0x40a00000u, 0xc0000000u, 0xc1400000u, 0xc1400000u, 0x41600000u, 0x41600000u, 0x40000000u, 0xc1100000u, 0xc1100000u, 0x41100000u, 0x41100000u, 0x40000000u, 0xc1100000u, 0xc1100000u, 0x41100000u, 0x41100000u, 0x41000000u, 0xc1100000u, 0xc1100000u,
    0x40e00000u, 0x40e00000u, 0x41000000u, 0xc1100000u, 0xc1100000u, 0x40e00000u, 0x40e00000u, 0xbf800000u, 0xc1800000u, 0xc1800000u, 0x41300000u, 0x41300000u, 0xc1100000u, 0xc0e00000u, 0xc0e00000u, 0x40800000u, 0x40800000u, 0x00000000u, 0xc1600000u, 0xc1600000u, 0xc0400000u, 0xc0400000u, 0x41100000u, 0xc0e00000u,
    0xc0e00000u, 0xc0e00000u, 0xc0e00000u, 0x41100000u, 0xc0c00000u, 0xc0c00000u, 0xc1600000u, 0xc1600000u, 0x00000000u, 0x3f800000u, 0x3f800000u, 0xc0e00000u, 0xc0e00000u, 0x00000000u, 0x3f800000u, 0x3f800000u, 0xc0e00000u, 0xc0e00000u,
};
static const nnef_run_tensor nrs_debox_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 3}, nrs_d5, 0},
};
static const nnef_run_tensor nrs_debox_constant_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 9, 5}, nrs_d6, 0},
};
/* debox 3x2 stride 2, border constant, padding (0,0),(1,0): reads outside both edges */
static const char nrs_debox_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_constant( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 3]);\n"
    "    y = debox(x, size = [1, 1, 3, 2], border = 'constant', padding = [(0, 0), (0, 0), (0, 0), (1, 0)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrs_d7[] = {
    0xc0800000u, 0xc0400000u, 0x3f800000u, 0x41100000u, 0xc0000000u, 0xc0800000u, 0xc0800000u, 0xc0c00000u, 0xbf800000u, 0xc0c00000u, 0x40400000u, 0x41100000u, 0x40e00000u, 0x40e00000u, 0xc0400000u, 0xbf800000u, 0xc0e00000u, 0xc0000000u, 0x40c00000u, 0xc0800000u, 0xc1000000u, 0x40e00000u, 0x3f800000u, 0xc1000000u,
    0x3f800000u, 0x40e00000u, 0xc0000000u, 0xbf800000u, 0x3f800000u, 0x40800000u, 0x41000000u, 0x40a00000u, 0xc0e00000u, 0x40e00000u, 0x40e00000u, 0xc0c00000u, 0xbf800000u, 0xc0400000u, 0x40c00000u, 0x41100000u,
};
static const uint32_t nrs_d8[] = {
    0x00000000u, 0xbfe00000u, 0x00000000u, 0xbf000000u, 0x00000000u, 0x40200000u, 0x00000000u, 0x00000000u, 0xbfc00000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xc0200000u, 0x00000000u, 0x00000000u, 0xc0600000u, 0x00000000u, 0xbfa00000u, 0x00000000u, 0x40b00000u, 0x00000000u, 0x00000000u, 0x40000000u, 0x00000000u,
    0xbf800000u, 0x00000000u, 0xc0600000u, 0x00000000u, 0x00000000u, 0xc0800000u, 0x00000000u, 0x3e800000u, 0x00000000u, 0x40600000u, 0x00000000u, 0x00000000u, 0x40600000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0xbf800000u, 0x00000000u, 0x00000000u, 0xbe800000u, 0x00000000u, 0x40000000u, 0x00000000u, 0xbfe00000u,
    0x00000000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x3fa00000u, 0x00000000u, 0xbf400000u, 0x00000000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0x40a00000u, 0x00000000u, 0x3fc00000u, 0x00000000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x40980000u, 0x00000000u, 0xbf000000u, 0x00000000u, 0x00000000u, 0x3e800000u,
    0x00000000u, 0x40700000u, 0x00000000u, 0x40e00000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40600000u, 0x00000000u, 0x3e800000u, 0x00000000u,
};
static const nnef_run_tensor nrs_debox_norm_constant_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 5, 4}, nrs_d7, 0},
};
static const nnef_run_tensor nrs_debox_norm_constant_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 6, 7}, nrs_d8, 0},
};
/* debox normalize, border constant, stride 2, dilation 2 (ignore: terms taken) */
static const char nrs_debox_norm_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_norm_constant( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 5, 4]);\n"
    "    y = debox(x, size = [1, 2, 2], border = 'constant', padding = [(0, 0), (0, 1), (1, 1)], stride = [1, 1, 2], dilation = [1, 2, 2], normalize = true);\n"
    "}\n";
static const uint32_t nrs_d9[] = {
    0x3f800000u, 0x40000000u, 0x41100000u, 0xc0c00000u, 0xc0000000u, 0x3f800000u, 0x40000000u, 0x3f800000u, 0x40400000u, 0xc0400000u, 0xc0c00000u, 0x40e00000u, 0x3f800000u, 0xbf800000u, 0xc0c00000u, 0x40c00000u, 0x00000000u, 0xc0e00000u, 0x41000000u, 0x40400000u, 0x41000000u, 0xc0800000u, 0x40a00000u, 0xc0800000u,
};
static const uint32_t nrs_d10[] = {
    0x40000000u, 0x40800000u, 0x40800000u, 0x41900000u, 0x41900000u, 0x3f800000u, 0x40000000u, 0x40000000u, 0x41100000u, 0x41100000u, 0xc0a00000u, 0x00000000u, 0x00000000u, 0x41200000u, 0x41200000u, 0xc0c00000u, 0xc0000000u, 0xc0000000u, 0x3f800000u, 0x3f800000u, 0xc0800000u, 0xbf800000u, 0xbf800000u, 0x40800000u,
    0x40800000u, 0x40000000u, 0x3f800000u, 0x3f800000u, 0x40400000u, 0x40400000u, 0xbf800000u, 0xc0a00000u, 0xc0a00000u, 0x41200000u, 0x41200000u, 0xc0400000u, 0xc0c00000u, 0xc0c00000u, 0x40e00000u, 0x40e00000u, 0xc0c00000u, 0xc1400000u, 0xc1400000u, 0x41600000u, 0x41600000u, 0x40000000u, 0xc0000000u, 0xc0000000u,
    0xc1400000u, 0xc1400000u, 0x3f800000u, 0xbf800000u, 0xbf800000u, 0xc0c00000u, 0xc0c00000u, 0x40e00000u, 0xbf800000u, 0xbf800000u, 0xc1500000u, 0xc1500000u, 0x40c00000u, 0x00000000u, 0x00000000u, 0xc0e00000u, 0xc0e00000u, 0x41600000u, 0x40400000u, 0x40400000u, 0x3f800000u, 0x3f800000u, 0x41000000u, 0x40400000u,
    0x40400000u, 0x41000000u, 0x41000000u, 0x40800000u, 0x41000000u, 0x41000000u, 0x40800000u, 0x40800000u, 0xc0800000u, 0x40a00000u, 0x40a00000u, 0xc0800000u, 0xc0800000u, 0xc1000000u, 0x41200000u, 0x41200000u, 0xc1000000u, 0xc1000000u,
};
static const nnef_run_tensor nrs_debox_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 3}, nrs_d9, 0},
};
static const nnef_run_tensor nrs_debox_replicate_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 9, 5}, nrs_d10, 0},
};
/* debox 3x2 stride 2, border replicate, padding (0,0),(1,0): reads outside both edges */
static const char nrs_debox_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_replicate( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 3]);\n"
    "    y = debox(x, size = [1, 1, 3, 2], border = 'replicate', padding = [(0, 0), (0, 0), (0, 0), (1, 0)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrs_d11[] = {
    0x40e00000u, 0x3f800000u, 0x3f800000u, 0xc0c00000u, 0xc0800000u, 0xc0e00000u, 0x40800000u, 0xc0c00000u, 0x40c00000u, 0xbf800000u, 0xbf800000u, 0x40400000u, 0xbf800000u, 0xbf800000u, 0xc1000000u, 0x40e00000u, 0xc0c00000u, 0x00000000u, 0x40400000u, 0x41000000u, 0x40c00000u, 0xc1100000u, 0xc0400000u, 0xc1100000u,
    0x3f800000u, 0x40c00000u, 0xbf800000u, 0xc0800000u, 0x40c00000u, 0x41100000u, 0xc1100000u, 0x00000000u, 0xc0000000u, 0xc0e00000u, 0xc0c00000u, 0x40000000u, 0x40800000u, 0x40a00000u, 0x40a00000u, 0x41100000u,
};
static const uint32_t nrs_d12[] = {
    0x00000000u, 0x40800000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0xc0200000u, 0x00000000u, 0x00000000u, 0xbf400000u, 0x00000000u, 0xbe800000u, 0x00000000u, 0xbfe00000u, 0x00000000u, 0x00000000u, 0x40500000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xbf400000u, 0x00000000u, 0x00000000u, 0xc0500000u, 0x00000000u,
    0xc0400000u, 0x00000000u, 0xbf400000u, 0x00000000u, 0x00000000u, 0xbe800000u, 0x00000000u, 0x3e800000u, 0x00000000u, 0x40500000u, 0x00000000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xbfc00000u, 0x00000000u, 0x40200000u, 0x00000000u, 0x00000000u, 0xbfc00000u, 0x00000000u, 0xc0c00000u, 0x00000000u, 0xc0c00000u,
    0x00000000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0xbfe00000u, 0x00000000u, 0xc0880000u, 0x00000000u, 0x00000000u, 0x40400000u, 0x00000000u, 0xc0400000u, 0x00000000u, 0xc0a80000u, 0x00000000u, 0x00000000u, 0xbf000000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xc0100000u, 0x00000000u, 0x00000000u, 0x40c00000u,
    0x00000000u, 0x40200000u, 0x00000000u, 0x3fa00000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xbf400000u, 0x00000000u, 0x40200000u, 0x00000000u,
};
static const nnef_run_tensor nrs_debox_norm_replicate_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 5, 4}, nrs_d11, 0},
};
static const nnef_run_tensor nrs_debox_norm_replicate_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 6, 7}, nrs_d12, 0},
};
/* debox normalize, border replicate, stride 2, dilation 2 (ignore: terms taken) */
static const char nrs_debox_norm_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_norm_replicate( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 5, 4]);\n"
    "    y = debox(x, size = [1, 2, 2], border = 'replicate', padding = [(0, 0), (0, 1), (1, 1)], stride = [1, 1, 2], dilation = [1, 2, 2], normalize = true);\n"
    "}\n";
static const uint32_t nrs_d13[] = {
    0x40000000u, 0xc0c00000u, 0x3f800000u, 0x40a00000u, 0x40000000u, 0x41000000u, 0xc0a00000u, 0xc1000000u, 0xc1100000u, 0xc0800000u, 0xc0c00000u, 0x40800000u, 0xc0c00000u, 0x40c00000u, 0xc0c00000u, 0x3f800000u, 0xc0800000u, 0x00000000u, 0xc0800000u, 0x00000000u, 0xbf800000u, 0xc1100000u, 0x00000000u, 0x40800000u,
};
static const uint32_t nrs_d14[] = {
    0x40e00000u, 0xc0800000u, 0xc0800000u, 0x41100000u, 0x41100000u, 0x40000000u, 0xc0c00000u, 0xc0c00000u, 0x3f800000u, 0x3f800000u, 0x40e00000u, 0xc0800000u, 0xc0800000u, 0x41100000u, 0x41100000u, 0x40a00000u, 0x40000000u, 0x40000000u, 0x41000000u, 0x41000000u, 0x00000000u, 0xc0c00000u, 0xc0c00000u, 0xbf800000u,
    0xbf800000u, 0xc0a00000u, 0xc1000000u, 0xc1000000u, 0xc1100000u, 0xc1100000u, 0xc1100000u, 0xc1600000u, 0xc1600000u, 0xc0a00000u, 0xc0a00000u, 0xc0800000u, 0xc0c00000u, 0xc0c00000u, 0x40800000u, 0x40800000u, 0xc1100000u, 0xc1600000u, 0xc1600000u, 0xc0a00000u, 0xc0a00000u, 0xc0a00000u, 0x40000000u, 0x40000000u,
    0xc0c00000u, 0xc0c00000u, 0xc0c00000u, 0x40c00000u, 0x40c00000u, 0xc0c00000u, 0xc0c00000u, 0xc0a00000u, 0x40000000u, 0x40000000u, 0xc0c00000u, 0xc0c00000u, 0x3f800000u, 0xc0800000u, 0xc0800000u, 0x00000000u, 0x00000000u, 0xc0400000u, 0xc0800000u, 0xc0800000u, 0xbf800000u, 0xbf800000u, 0xc0800000u, 0x00000000u,
    0x00000000u, 0xbf800000u, 0xbf800000u, 0xc1500000u, 0x00000000u, 0x00000000u, 0x40400000u, 0x40400000u, 0xc1100000u, 0x00000000u, 0x00000000u, 0x40800000u, 0x40800000u, 0xc1500000u, 0x00000000u, 0x00000000u, 0x40400000u, 0x40400000u,
};
static const nnef_run_tensor nrs_debox_reflect_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 3}, nrs_d13, 0},
};
static const nnef_run_tensor nrs_debox_reflect_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 9, 5}, nrs_d14, 0},
};
/* debox 3x2 stride 2, border reflect, padding (0,0),(1,0): reads outside both edges */
static const char nrs_debox_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_reflect( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 3]);\n"
    "    y = debox(x, size = [1, 1, 3, 2], border = 'reflect', padding = [(0, 0), (0, 0), (0, 0), (1, 0)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrs_d15[] = {
    0x41000000u, 0x41000000u, 0xc1100000u, 0xc0000000u, 0xbf800000u, 0xc0c00000u, 0xc0e00000u, 0x40400000u, 0xc0c00000u, 0x40c00000u, 0xc0800000u, 0x40c00000u, 0x40800000u, 0xc1000000u, 0xc1100000u, 0xbf800000u, 0xc1100000u, 0x40800000u, 0x40800000u, 0xc1100000u, 0xc0800000u, 0x40400000u, 0x3f800000u, 0xc0000000u,
    0x3f800000u, 0x40c00000u, 0x40400000u, 0x40000000u, 0x40400000u, 0xbf800000u, 0x40800000u, 0xbf800000u, 0x40000000u, 0xc0a00000u, 0xc1100000u, 0x00000000u, 0xc0400000u, 0x40800000u, 0xc0e00000u, 0xc0a00000u,
};
static const uint32_t nrs_d16[] = {
    0x00000000u, 0x40800000u, 0x00000000u, 0x3e800000u, 0x00000000u, 0xc0100000u, 0x00000000u, 0x00000000u, 0xc0600000u, 0x00000000u, 0xc0d00000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0x00000000u, 0x40800000u, 0x00000000u, 0x3e800000u, 0x00000000u, 0xc0100000u, 0x00000000u, 0x00000000u, 0xc0300000u, 0x00000000u,
    0xc0f00000u, 0x00000000u, 0xc0600000u, 0x00000000u, 0x00000000u, 0xbfa00000u, 0x00000000u, 0x40200000u, 0x00000000u, 0xbf400000u, 0x00000000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0xc1080000u, 0x00000000u, 0xc0a00000u, 0x00000000u, 0x00000000u, 0x3e800000u, 0x00000000u, 0x3fe00000u, 0x00000000u, 0x3f000000u,
    0x00000000u, 0x00000000u, 0x40600000u, 0x00000000u, 0x40900000u, 0x00000000u, 0x40200000u, 0x00000000u, 0x00000000u, 0x3e800000u, 0x00000000u, 0x3fe00000u, 0x00000000u, 0x3f000000u, 0x00000000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0xbfa00000u, 0x00000000u, 0xbf800000u, 0x00000000u, 0x00000000u, 0x3f400000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0xc0100000u, 0x00000000u, 0x00000000u, 0xbfc00000u, 0x00000000u, 0xc0e00000u, 0x00000000u, 0xc0900000u, 0x00000000u,
};
static const nnef_run_tensor nrs_debox_norm_reflect_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 5, 4}, nrs_d15, 0},
};
static const nnef_run_tensor nrs_debox_norm_reflect_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 6, 7}, nrs_d16, 0},
};
/* debox normalize, border reflect, stride 2, dilation 2 (ignore: terms taken) */
static const char nrs_debox_norm_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_norm_reflect( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 5, 4]);\n"
    "    y = debox(x, size = [1, 2, 2], border = 'reflect', padding = [(0, 0), (0, 1), (1, 1)], stride = [1, 1, 2], dilation = [1, 2, 2], normalize = true);\n"
    "}\n";
static const uint32_t nrs_d17[] = {
    0xc0c00000u, 0xc0000000u, 0xc1100000u, 0xc1100000u, 0xc0a00000u, 0x40800000u, 0xc0800000u, 0x41100000u, 0x41100000u, 0xc0000000u, 0xc0000000u, 0x40e00000u, 0xc0e00000u, 0x40e00000u, 0x40800000u, 0x40e00000u, 0xc1100000u, 0x41100000u, 0x40a00000u, 0x41100000u, 0xc0800000u, 0x3f800000u, 0x40000000u, 0x41000000u,
};
static const uint32_t nrs_d18[] = {
    0xc1400000u, 0xc0800000u, 0xc0800000u, 0xc1900000u, 0xc1900000u, 0xc0c00000u, 0xc0000000u, 0xc0000000u, 0xc1100000u, 0xc1100000u, 0xc1700000u, 0xc0e00000u, 0xc0e00000u, 0xc0a00000u, 0xc0a00000u, 0xc1100000u, 0xc0a00000u, 0xc0a00000u, 0x40800000u, 0x40800000u, 0xc1500000u, 0x40800000u, 0x40800000u, 0x41500000u,
    0x41500000u, 0xc0800000u, 0x41100000u, 0x41100000u, 0x41100000u, 0x41100000u, 0xc0c00000u, 0x40e00000u, 0x40e00000u, 0x41800000u, 0x41800000u, 0xc0000000u, 0xc0000000u, 0xc0000000u, 0x40e00000u, 0x40e00000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0x41600000u, 0x41600000u, 0xc1600000u, 0x41600000u, 0x41600000u,
    0x41000000u, 0x41000000u, 0xc0e00000u, 0x40e00000u, 0x40e00000u, 0x40800000u, 0x40800000u, 0x00000000u, 0xc0000000u, 0xc0000000u, 0x41500000u, 0x41500000u, 0x40e00000u, 0xc1100000u, 0xc1100000u, 0x41100000u, 0x41100000u, 0x41400000u, 0x00000000u, 0x00000000u, 0x40a00000u, 0x40a00000u, 0x40a00000u, 0x41100000u,
    0x41100000u, 0xc0800000u, 0xc0800000u, 0x40c00000u, 0x41300000u, 0x41300000u, 0x40800000u, 0x40800000u, 0x3f800000u, 0x40000000u, 0x40000000u, 0x41000000u, 0x41000000u, 0x40000000u, 0x40800000u, 0x40800000u, 0x41800000u, 0x41800000u,
};
static const nnef_run_tensor nrs_debox_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 3}, nrs_d17, 0},
};
static const nnef_run_tensor nrs_debox_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 9, 5}, nrs_d18, 0},
};
/* debox 3x2 stride 2, border reflect-even, padding (0,0),(1,0): reads outside both edges */
static const char nrs_debox_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_reflect_even( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 3]);\n"
    "    y = debox(x, size = [1, 1, 3, 2], border = 'reflect-even', padding = [(0, 0), (0, 0), (0, 0), (1, 0)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrs_d19[] = {
    0x40c00000u, 0x40a00000u, 0xc0a00000u, 0x40400000u, 0xc0400000u, 0xc0a00000u, 0x3f800000u, 0xc0a00000u, 0x40a00000u, 0x40e00000u, 0x41000000u, 0xc0c00000u, 0xc1000000u, 0x41100000u, 0xc0800000u, 0x40000000u, 0xc0800000u, 0x40000000u, 0xc0c00000u, 0xc1000000u, 0xc1100000u, 0xc0c00000u, 0x40e00000u, 0x3f800000u,
    0x40e00000u, 0x40c00000u, 0xc1000000u, 0xc0800000u, 0x40000000u, 0xc0c00000u, 0xc0800000u, 0x40a00000u, 0x40000000u, 0x40c00000u, 0xc0e00000u, 0x00000000u, 0xc0800000u, 0xc1100000u, 0x40800000u, 0x40000000u,
};
static const uint32_t nrs_d20[] = {
    0x00000000u, 0x3f400000u, 0x00000000u, 0xbf800000u, 0x00000000u, 0xbfc00000u, 0x00000000u, 0x00000000u, 0x3f400000u, 0x00000000u, 0xbf800000u, 0x00000000u, 0xbfc00000u, 0x00000000u, 0x00000000u, 0x40b80000u, 0x00000000u, 0x40700000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xbfe00000u, 0x00000000u,
    0x3e800000u, 0x00000000u, 0xbfc00000u, 0x00000000u, 0x00000000u, 0x40200000u, 0x00000000u, 0x40300000u, 0x00000000u, 0xc0400000u, 0x00000000u, 0x00000000u, 0xbe800000u, 0x00000000u, 0x3e800000u, 0x00000000u, 0xc0800000u, 0x00000000u, 0x00000000u, 0xbf000000u, 0x00000000u, 0xbe800000u, 0x00000000u, 0xbf800000u,
    0x00000000u, 0x00000000u, 0xbf000000u, 0x00000000u, 0xbe800000u, 0x00000000u, 0xbf800000u, 0x00000000u, 0x00000000u, 0xc0980000u, 0x00000000u, 0xc0100000u, 0x00000000u, 0x40100000u, 0x00000000u, 0x00000000u, 0x40a80000u, 0x00000000u, 0xbf400000u, 0x00000000u, 0xc0980000u, 0x00000000u, 0x00000000u, 0xc0880000u,
    0x00000000u, 0xc0700000u, 0x00000000u, 0x3fe00000u, 0x00000000u, 0x00000000u, 0xbfa00000u, 0x00000000u, 0xbfc00000u, 0x00000000u, 0xbe800000u, 0x00000000u,
};
static const nnef_run_tensor nrs_debox_norm_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 5, 4}, nrs_d19, 0},
};
static const nnef_run_tensor nrs_debox_norm_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 6, 7}, nrs_d20, 0},
};
/* debox normalize, border reflect-even, stride 2, dilation 2 (ignore: terms taken) */
static const char nrs_debox_norm_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_norm_reflect_even( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 5, 4]);\n"
    "    y = debox(x, size = [1, 2, 2], border = 'reflect-even', padding = [(0, 0), (0, 1), (1, 1)], stride = [1, 1, 2], dilation = [1, 2, 2], normalize = true);\n"
    "}\n";
static const uint32_t nrs_d21[] = {
    0x40400000u, 0xc0a00000u, 0x3f800000u, 0xc1000000u, 0x40800000u, 0xc0000000u, 0xc1000000u, 0xc0400000u, 0x40400000u, 0x40400000u, 0x40c00000u, 0xbf800000u, 0xc0000000u, 0x3f800000u, 0xbf800000u, 0x40400000u, 0x40800000u, 0x40e00000u, 0xbf800000u, 0xc0c00000u, 0x40400000u, 0xc0a00000u, 0x41100000u, 0x40400000u,
};
static const uint32_t nrs_d22[] = {
    0x40400000u, 0x40400000u, 0xc0a00000u, 0xc0a00000u, 0x3f800000u, 0x3f800000u, 0xc1000000u, 0xc1000000u, 0x40400000u, 0x40400000u, 0xc0a00000u, 0xc0a00000u, 0x3f800000u, 0x3f800000u, 0xc1000000u, 0xc1000000u, 0x40e00000u, 0x40e00000u, 0xc0e00000u, 0xc0e00000u, 0xc0e00000u, 0xc0e00000u, 0xc1300000u, 0xc1300000u,
    0x40800000u, 0x40800000u, 0xc0000000u, 0xc0000000u, 0xc1000000u, 0xc1000000u, 0xc0400000u, 0xc0400000u, 0x40e00000u, 0x40e00000u, 0x3f800000u, 0x3f800000u, 0xc0000000u, 0xc0000000u, 0xc0800000u, 0xc0800000u, 0x40400000u, 0x40400000u, 0x40400000u, 0x40400000u, 0x40c00000u, 0x40c00000u, 0xbf800000u, 0xbf800000u,
    0xc0000000u, 0xc0000000u, 0x3f800000u, 0x3f800000u, 0xbf800000u, 0xbf800000u, 0x40400000u, 0x40400000u, 0xc0000000u, 0xc0000000u, 0x3f800000u, 0x3f800000u, 0xbf800000u, 0xbf800000u, 0x40400000u, 0x40400000u, 0x40000000u, 0x40000000u, 0x41000000u, 0x41000000u, 0xc0000000u, 0xc0000000u, 0xc0400000u, 0xc0400000u,
    0x40800000u, 0x40800000u, 0x40e00000u, 0x40e00000u, 0xbf800000u, 0xbf800000u, 0xc0c00000u, 0xc0c00000u, 0x40e00000u, 0x40e00000u, 0x40000000u, 0x40000000u, 0x41000000u, 0x41000000u, 0xc0400000u, 0xc0400000u, 0x40400000u, 0x40400000u, 0xc0a00000u, 0xc0a00000u, 0x41100000u, 0x41100000u, 0x40400000u, 0x40400000u,
};
static const nnef_run_tensor nrs_debox_auto_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d21, 0},
};
static const nnef_run_tensor nrs_debox_auto_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 8}, nrs_d22, 0},
};
/* debox automatic padding, stride 2 (X = x * s, §7 #14) */
static const char nrs_debox_auto_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_auto( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = debox(x, size = [1, 1, 3, 2], border = 'constant', stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrs_d23[] = {
    0xc0000000u, 0xc0800000u, 0xbf800000u, 0x40800000u, 0x00000000u, 0xbf800000u, 0xc0800000u, 0x40a00000u, 0xc0c00000u, 0x41100000u, 0x41100000u, 0xc0400000u, 0xc0e00000u, 0xc0000000u, 0xc0a00000u, 0xc0c00000u, 0xbf800000u, 0xc0000000u, 0xc1000000u, 0xc1000000u, 0xc0e00000u, 0xc0000000u, 0x40800000u, 0x40800000u,
};
static const uint32_t nrs_d24[] = {
    0xc0000000u, 0xc0000000u, 0xc0000000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xbf800000u, 0xbf800000u, 0xbf800000u, 0x40800000u, 0x40800000u, 0xc0000000u, 0xc0000000u, 0xc0000000u, 0xc0a00000u, 0xc0a00000u, 0xc0a00000u, 0xc0a00000u, 0xc0a00000u, 0xc0a00000u, 0x41100000u, 0x41100000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0xbf800000u, 0xbf800000u, 0xbf800000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0x40a00000u, 0x40a00000u, 0xc0c00000u, 0xc0c00000u, 0xc0c00000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x40a00000u, 0x40a00000u, 0x40a00000u, 0x40000000u, 0x40000000u, 0xc0c00000u, 0xc0c00000u, 0xc0c00000u, 0x41100000u,
    0x41100000u, 0x41100000u, 0x41100000u, 0x41100000u, 0x41100000u, 0xc0400000u, 0xc0400000u, 0xc0e00000u, 0xc0e00000u, 0xc0e00000u, 0xc0000000u, 0xc0000000u, 0xc0000000u, 0xc0a00000u, 0xc0a00000u, 0xc0a00000u, 0xc0c00000u, 0xc0c00000u, 0xc1000000u, 0xc1000000u, 0xc1000000u, 0xc0800000u, 0xc0800000u, 0xc0800000u,
    0xc1500000u, 0xc1500000u, 0xc1500000u, 0xc1600000u, 0xc1600000u, 0xbf800000u, 0xbf800000u, 0xbf800000u, 0xc0000000u, 0xc0000000u, 0xc0000000u, 0xc1000000u, 0xc1000000u, 0xc1000000u, 0xc1000000u, 0xc1000000u, 0xc1000000u, 0xc1000000u, 0xc1000000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0800000u,
    0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0e00000u, 0xc0e00000u, 0xc0e00000u, 0xc0000000u, 0xc0000000u, 0xc0000000u, 0x40800000u, 0x40800000u, 0x40800000u, 0x40800000u, 0x40800000u,
};
static const nnef_run_tensor nrs_debox_auto_output_shape_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d23, 0},
};
static const nnef_run_tensor nrs_debox_auto_output_shape_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 5, 11}, nrs_d24, 0},
};
/* debox automatic padding with output_shape (X given, ceil(X / s) = x) */
static const char nrs_debox_auto_output_shape_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_auto_output_shape( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = debox(x, size = [1, 1, 3, 3], border = 'replicate', stride = [1, 1, 2, 3], output_shape = [1, 2, 5, 11]);\n"
    "}\n";
static const uint32_t nrs_d25[] = {
    0x40e00000u, 0xc1000000u, 0xc0e00000u, 0xc0400000u, 0xc1100000u, 0x00000000u, 0x40a00000u, 0x40000000u, 0xc0800000u, 0xc1000000u, 0x00000000u, 0xc1100000u,
};
static const uint32_t nrs_d26[] = {
    0x41600000u, 0x40e00000u, 0xbf800000u, 0xc1000000u, 0xc1700000u, 0xc0e00000u, 0xc0c00000u, 0xc0400000u, 0xc1400000u, 0xc1100000u, 0xc1100000u, 0x00000000u, 0xc0c00000u, 0xc0400000u, 0xc1400000u, 0xc1100000u, 0xc1100000u, 0x00000000u, 0x41200000u, 0x40a00000u, 0x40e00000u, 0x40000000u, 0xc0000000u, 0xc0800000u,
    0x41200000u, 0x40a00000u, 0x40e00000u, 0x40000000u, 0xc0000000u, 0xc0800000u, 0xc1800000u, 0xc1000000u, 0xc1000000u, 0x00000000u, 0xc1100000u, 0xc1100000u, 0xc1800000u, 0xc1000000u, 0xc1000000u, 0x00000000u, 0xc1100000u, 0xc1100000u, 0xc1800000u, 0xc1000000u, 0xc1000000u, 0x00000000u, 0xc1100000u, 0xc1100000u,
};
static const nnef_run_tensor nrs_debox_output_shape_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 4, 3}, nrs_d25, 0},
};
static const nnef_run_tensor nrs_debox_output_shape_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 1, 8, 6}, nrs_d26, 0},
};
/* debox explicit padding, output_shape beyond the computed extent */
static const char nrs_debox_output_shape_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_output_shape( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 4, 3]);\n"
    "    y = debox(x, size = [1, 1, 2, 3], border = 'reflect-even', padding = [(0, 0), (0, 0), (1, 0), (0, 1)], stride = [1, 1, 2, 2], output_shape = [1, 1, 8, 6]);\n"
    "}\n";
static const uint32_t nrs_d27[] = {
    0xc0800000u, 0xc1100000u, 0x41000000u, 0x40a00000u, 0xc0400000u, 0x41000000u, 0x00000000u, 0x3f800000u, 0x40800000u, 0xc1000000u, 0xc0c00000u, 0xc1000000u,
};
static const uint32_t nrs_d28[] = {
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0800000u, 0xc1500000u, 0xbf800000u, 0x41000000u, 0x00000000u, 0x00000000u, 0xc0800000u, 0xc1500000u, 0xbf800000u, 0x41000000u, 0x00000000u, 0x00000000u, 0x40a00000u, 0x40000000u, 0x40a00000u, 0x41000000u, 0x00000000u, 0x00000000u,
    0x40a00000u, 0x40000000u, 0x40a00000u, 0x41000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x3f800000u, 0x40a00000u, 0x40800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x3f800000u, 0x40a00000u, 0x40800000u, 0x00000000u, 0x00000000u, 0xc1000000u, 0xc1600000u, 0xc1600000u, 0xc1000000u, 0x00000000u, 0x00000000u,
    0xc1000000u, 0xc1600000u, 0xc1600000u, 0xc1000000u, 0x00000000u, 0x00000000u,
};
static const nnef_run_tensor nrs_debox_negative_padding_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 4, 3}, nrs_d27, 0},
};
static const nnef_run_tensor nrs_debox_negative_padding_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 1, 9, 6}, nrs_d28, 0},
};
/* debox with negative padding (extends the output) */
static const char nrs_debox_negative_padding_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_negative_padding( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 4, 3]);\n"
    "    y = debox(x, size = [1, 1, 2, 2], border = 'constant', padding = [(0, 0), (0, 0), (-1, 0), (0, -2)], stride = [1, 1, 2, 1]);\n"
    "}\n";
static const uint32_t nrs_d29[] = {
    0xc0800000u, 0x41100000u, 0xc0800000u, 0x41000000u, 0xc0400000u, 0xc1000000u, 0x40a00000u, 0xc1000000u, 0xc0e00000u, 0x3f800000u, 0x40400000u, 0x3f800000u,
};
static const uint32_t nrs_d30[] = {
    0x00000000u, 0x00000000u, 0x00000000u, 0xc1000000u, 0x40a00000u, 0x41900000u, 0xc1000000u, 0x40800000u, 0x41800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1000000u, 0x40800000u, 0x41800000u, 0xc0c00000u, 0xc1300000u, 0xc1800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x41200000u, 0xc0400000u, 0xc1800000u, 0xc1600000u, 0xc0c00000u, 0x40000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1600000u, 0xc0c00000u, 0x40000000u, 0x40c00000u, 0x40800000u, 0x40000000u, 0x00000000u, 0x00000000u, 0x00000000u,
};
static const nnef_run_tensor nrs_debox_channels_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 3, 2}, nrs_d29, 0},
};
static const nnef_run_tensor nrs_debox_channels_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 7, 3}, nrs_d30, 0},
};
/* debox over the channel dimension, dilation 2, stride 3, replicate */
static const char nrs_debox_channels_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_channels( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 3, 2]);\n"
    "    y = debox(x, size = [1, 2, 2], border = 'replicate', padding = [(0, 0), (1, 1), (0, 0)], stride = [1, 3, 1], dilation = [1, 2, 1]);\n"
    "}\n";
static const uint32_t nrs_d31[] = {
    0x40c00000u, 0xc0800000u, 0x00000000u, 0x40e00000u, 0x00000000u,
};
static const uint32_t nrs_d32[] = {
    0x40c00000u, 0x40c00000u, 0x40000000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0x00000000u, 0x00000000u, 0x40e00000u, 0x40e00000u, 0x40e00000u, 0x40e00000u, 0x00000000u, 0x00000000u, 0x40e00000u,
};
static const nnef_run_tensor nrs_debox_rank1_reflect_in[] = {
    {"x", NNX_FLOAT32, 1, {5}, nrs_d31, 0},
};
static const nnef_run_tensor nrs_debox_rank1_reflect_out[] = {
    {"y", NNX_FLOAT32, 1, {15}, nrs_d32, 0},
};
/* debox rank 1, stride 3 size 4 dilation 1, reflect */
static const char nrs_debox_rank1_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_rank1_reflect( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [5]);\n"
    "    y = debox(x, size = [4], border = 'reflect', padding = [(1, 0)], stride = [3]);\n"
    "}\n";
static const uint32_t nrs_d33[] = {
    0x40c00000u, 0xc0c00000u, 0xc1100000u, 0xc1000000u, 0x41000000u, 0x40400000u,
};
static const uint32_t nrs_d34[] = {
    0x3f800000u, 0x3f800000u, 0x00000000u, 0xbf800000u, 0xc0200000u, 0xbfc00000u, 0xbeaaaaabu, 0xbeaaaaabu, 0x00000000u, 0x3eaaaaabu, 0xbf2aaaabu, 0xbf800000u,
};
static const nnef_run_tensor nrs_debox_norm_output_shape_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 2, 3}, nrs_d33, 0},
};
static const nnef_run_tensor nrs_debox_norm_output_shape_out[] = {
    {"y", NNX_FLOAT32, 3, {1, 2, 6}, nrs_d34, 0},
};
/* debox normalize with output_shape and auto padding, constant */
static const char nrs_debox_norm_output_shape_doc[] =
    "version 1.0;\n"
    "\n"
    "graph debox_norm_output_shape( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3]);\n"
    "    y = debox(x, size = [1, 2, 3], border = 'constant', stride = [1, 1, 2], output_shape = [1, 2, 6], normalize = true);\n"
    "}\n";
static const uint32_t nrs_d35[] = {
    0xc0c00000u, 0x40c00000u, 0x40000000u, 0xc1000000u, 0x40000000u, 0xbf800000u, 0xc0800000u, 0xc0800000u, 0xc0400000u, 0x3f800000u, 0x40c00000u, 0xc0400000u, 0x41100000u, 0x3f800000u, 0xc0a00000u, 0x40400000u, 0x40800000u, 0xc0e00000u, 0x40400000u, 0x41000000u, 0xc0800000u, 0x40e00000u, 0x40800000u, 0x40a00000u,
    0xc0a00000u, 0x00000000u, 0xbf800000u, 0x40c00000u, 0xc1000000u, 0x40c00000u, 0xbf800000u, 0x3f800000u,
};
static const int32_t nrs_d36[] = {
    0, 2, 7, 2, 5, 6, 0, 0, 6, 4, 7, 3, 8, 2, 1, 8, 7, 7, 8, 7, 8, 3, 2, 7,
    8, 7, 7, 6, 6, 3, 8, 2,
};
static const uint32_t nrs_d37[] = {
    0x00000000u, 0xc0800000u, 0xc0800000u, 0x00000000u, 0x00000000u, 0x40000000u, 0x40000000u, 0x00000000u, 0xbf800000u, 0x3f800000u, 0xc0e00000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40c00000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40800000u, 0x41300000u, 0xc0e00000u, 0x00000000u, 0x41300000u,
    0x00000000u, 0xc0800000u, 0x00000000u, 0x40a00000u, 0x40c00000u, 0xc0a00000u, 0x40a00000u, 0x00000000u,
};
static const nnef_run_tensor nrs_desample_collide_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 4}, nrs_d35, 0},
    {"index", NNX_INT32, 4, {1, 2, 4, 4}, nrs_d36, 0},
};
static const nnef_run_tensor nrs_desample_collide_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 4, 4}, nrs_d37, 0},
};
/* desample 3x3 stride 1 padding 1: overlapping windows sum their values */
static const char nrs_desample_collide_doc[] =
    "version 1.0;\n"
    "\n"
    "graph desample_collide( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 4]);\n"
    "    index = external<integer>(shape = [1, 2, 4, 4]);\n"
    "    y = desample(x, index, size = [1, 1, 3, 3], border = 'constant', padding = [(0, 0), (0, 0), (1, 1), (1, 1)]);\n"
    "}\n";
static const uint32_t nrs_d38[] = {
    0x40e00000u, 0xc0800000u, 0xc1000000u, 0x40c00000u, 0xc0c00000u, 0x40e00000u, 0xc0000000u, 0xc0800000u, 0x41100000u, 0xc0c00000u, 0x40000000u, 0x40000000u, 0xc1100000u, 0xc1000000u, 0xc0000000u, 0x40a00000u, 0x3f800000u, 0x00000000u, 0x40e00000u, 0xc1000000u, 0x41000000u, 0xc1000000u, 0x40000000u, 0xc1100000u,
    0x3f800000u, 0x40000000u, 0x41000000u, 0xc0e00000u, 0x3f800000u, 0xc1100000u, 0x40000000u, 0xc0400000u, 0x41000000u, 0xc0800000u, 0x40000000u, 0xc1100000u,
};
static const int32_t nrs_d39[] = {
    0, 0, 0, 2, 0, 0, 1, 0, 2, 1, 0, 2, 2, 3, 2, 1, 2, 1, 0, 1, 3, 1, 1, 0,
    0, 3, 3, 1, 1, 3, 3, 0, 1, 1, 3, 1,
};
static const uint32_t nrs_d40[] = {
    0x40e00000u, 0x00000000u, 0xc0800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40c00000u, 0x00000000u, 0xc0c00000u, 0x00000000u, 0x40e00000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0xc0000000u, 0xc0800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0c00000u, 0x41100000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1100000u, 0x00000000u, 0x00000000u, 0xc1000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40a00000u, 0xc0000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x40e00000u, 0x00000000u, 0x00000000u, 0xc1000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1000000u, 0x00000000u, 0x41000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40000000u, 0xc1100000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x3f800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0e00000u, 0x00000000u, 0x41000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x3f800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1100000u,
    0x00000000u, 0x00000000u, 0xc0400000u, 0x00000000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x41000000u, 0x00000000u, 0xc0800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc1100000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x00000000u,
};
static const nnef_run_tensor nrs_desample_stride_in[] = {
    {"x", NNX_FLOAT32, 4, {2, 3, 3, 2}, nrs_d38, 0},
    {"index", NNX_INT32, 4, {2, 3, 3, 2}, nrs_d39, 0},
};
static const nnef_run_tensor nrs_desample_stride_out[] = {
    {"y", NNX_FLOAT32, 4, {2, 3, 6, 4}, nrs_d40, 0},
};
/* desample 2x2 stride 2 (max-unpool layout), dilation 1 */
static const char nrs_desample_stride_doc[] =
    "version 1.0;\n"
    "\n"
    "graph desample_stride( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 3, 3, 2]);\n"
    "    index = external<integer>(shape = [2, 3, 3, 2]);\n"
    "    y = desample(x, index, size = [1, 1, 2, 2], border = 'constant', padding = [(0, 0), (0, 0), (0, 0), (0, 0)], stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrs_d41[] = {
    0xc0c00000u, 0xc0a00000u, 0xc0000000u, 0x00000000u, 0x3f800000u, 0x40c00000u, 0x00000000u, 0x41100000u, 0x41100000u, 0xbf800000u, 0x41000000u, 0x00000000u, 0xc0800000u, 0x40e00000u, 0x40c00000u, 0x41000000u, 0x40400000u, 0x00000000u,
};
static const int32_t nrs_d42[] = {
    4, 1, 2, 4, 4, 4, 3, 1, 2, 0, 5, 3, 5, 5, 5, 2, 3, 2,
};
static const uint32_t nrs_d43[] = {
    0x00000000u, 0x00000000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x41100000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x3f800000u, 0x00000000u, 0x41700000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x41000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0800000u, 0x00000000u, 0x41200000u, 0x00000000u, 0x40c00000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u,
};
static const nnef_run_tensor nrs_desample_dilation_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrs_d41, 0},
    {"index", NNX_INT32, 4, {1, 2, 3, 3}, nrs_d42, 0},
};
static const nnef_run_tensor nrs_desample_dilation_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 6}, nrs_d43, 0},
};
/* desample 3x2 stride 2 dilation 2 padding (2,1),(1,0) */
static const char nrs_desample_dilation_doc[] =
    "version 1.0;\n"
    "\n"
    "graph desample_dilation( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 3]);\n"
    "    index = external<integer>(shape = [1, 2, 3, 3]);\n"
    "    y = desample(x, index, size = [1, 1, 3, 2], border = 'constant', padding = [(0, 0), (0, 0), (2, 1), (1, 0)], stride = [1, 1, 2, 2], dilation = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrs_d44[] = {
    0x40000000u, 0xc1000000u, 0x40000000u, 0x00000000u, 0xc0c00000u, 0xbf800000u, 0x40400000u, 0xc0800000u, 0xc0000000u, 0x40000000u, 0x40c00000u, 0x41000000u,
};
static const int32_t nrs_d45[] = {
    2, 7, 6, 0, 1, 0, 4, 5, 0, 4, 4, 3,
};
static const uint32_t nrs_d46[] = {
    0x00000000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0c00000u, 0xbf800000u, 0xc1000000u, 0x40000000u, 0x00000000u, 0x00000000u, 0x00000000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40400000u, 0x00000000u, 0x00000000u, 0xc0000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x40c00000u, 0x41000000u, 0x00000000u,
};
static const nnef_run_tensor nrs_desample_auto_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 3, 4}, nrs_d44, 0},
    {"index", NNX_INT32, 4, {1, 1, 3, 4}, nrs_d45, 0},
};
static const nnef_run_tensor nrs_desample_auto_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 1, 6, 8}, nrs_d46, 0},
};
/* desample automatic padding, stride 2 (X = x * s) */
static const char nrs_desample_auto_doc[] =
    "version 1.0;\n"
    "\n"
    "graph desample_auto( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 3, 4]);\n"
    "    index = external<integer>(shape = [1, 1, 3, 4]);\n"
    "    y = desample(x, index, size = [1, 1, 3, 3], border = 'constant', stride = [1, 1, 2, 2]);\n"
    "}\n";
static const uint32_t nrs_d47[] = {
    0x40c00000u, 0x3f800000u, 0xc0000000u, 0x40400000u, 0x40a00000u, 0x40800000u, 0x40000000u, 0xc0c00000u, 0x40a00000u, 0x40a00000u, 0x40e00000u, 0x3f800000u, 0xc0e00000u, 0x40800000u, 0x40800000u, 0x41100000u, 0xc0800000u, 0x41100000u,
};
static const int32_t nrs_d48[] = {
    4, 2, 1, 3, 2, 0, 0, 2, 4, 4, 1, 0, 2, 3, 3, 0, 0, 3,
};
static const uint32_t nrs_d49[] = {
    0x00000000u, 0x00000000u, 0x00000000u, 0x3f800000u, 0xc0000000u, 0x40c00000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x41100000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0c00000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40a00000u, 0x00000000u, 0x00000000u, 0x40e00000u, 0x3f800000u, 0x00000000u, 0x40a00000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0e00000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40800000u, 0x00000000u,
    0x40800000u, 0x00000000u, 0x00000000u, 0xc0800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x41100000u, 0x00000000u,
};
static const nnef_run_tensor nrs_desample_output_shape_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 3}, nrs_d47, 0},
    {"index", NNX_INT32, 4, {1, 2, 3, 3}, nrs_d48, 0},
};
static const nnef_run_tensor nrs_desample_output_shape_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 5}, nrs_d49, 0},
};
/* desample output_shape with auto padding, values past X dropped */
static const char nrs_desample_output_shape_doc[] =
    "version 1.0;\n"
    "\n"
    "graph desample_output_shape( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 3]);\n"
    "    index = external<integer>(shape = [1, 2, 3, 3]);\n"
    "    y = desample(x, index, size = [1, 1, 2, 3], border = 'constant', stride = [1, 1, 2, 2], output_shape = [1, 2, 6, 5]);\n"
    "}\n";
static const uint32_t nrs_d50[] = {
    0xc0800000u, 0x00000000u, 0xc0000000u, 0x40800000u, 0x40400000u, 0x40000000u, 0x41100000u, 0x40800000u, 0x41000000u, 0xc0a00000u, 0xc1000000u, 0xc1100000u,
};
static const int32_t nrs_d51[] = {
    3, 3, 3, 2, 1, 2, 2, 3, 0, 3, 1, 2,
};
static const uint32_t nrs_d52[] = {
    0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0800000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x40400000u, 0x00000000u, 0x40800000u, 0x00000000u, 0x40000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x41000000u, 0x00000000u, 0x41100000u, 0x00000000u, 0x40800000u,
    0x00000000u, 0x00000000u, 0x00000000u, 0xc1000000u,
};
static const nnef_run_tensor nrs_desample_negative_padding_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 4, 3}, nrs_d50, 0},
    {"index", NNX_INT32, 3, {1, 4, 3}, nrs_d51, 0},
};
static const nnef_run_tensor nrs_desample_negative_padding_out[] = {
    {"y", NNX_FLOAT32, 3, {1, 7, 4}, nrs_d52, 0},
};
/* desample with negative padding and channel windows */
static const char nrs_desample_negative_padding_doc[] =
    "version 1.0;\n"
    "\n"
    "graph desample_negative_padding( x, index ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 4, 3]);\n"
    "    index = external<integer>(shape = [1, 4, 3]);\n"
    "    y = desample(x, index, size = [1, 2, 2], border = 'constant', padding = [(0, 0), (0, 1), (-1, 1)], stride = [1, 2, 1]);\n"
    "}\n";
static const uint32_t nrs_d53[] = {
    0xc0e00000u, 0xc0800000u, 0xc1100000u, 0xc0e00000u, 0x40a00000u, 0xbf800000u, 0x40e00000u, 0x00000000u, 0x40c00000u, 0x41000000u, 0xc0000000u, 0xc0c00000u, 0xc0000000u, 0x40e00000u, 0x40c00000u, 0x40a00000u, 0x40c00000u, 0xc0800000u, 0xc1000000u, 0xc1100000u, 0xc0000000u, 0x41000000u, 0x00000000u, 0xc0800000u,
};
static const uint32_t nrs_d54[] = {
    0xc0600000u, 0xc0a80000u, 0xc0900000u, 0xc0700000u, 0xc0400000u, 0xc0880000u, 0xc0b00000u, 0xc0d80000u, 0xc0c80000u, 0xc0b80000u, 0xc0a80000u, 0xc0600000u, 0xc02aaaabu, 0xc0800000u, 0xc0700000u, 0xc0600000u, 0xc0500000u, 0xc0755555u, 0xc08d5555u, 0xc0a00000u, 0xc0a2aaabu, 0xc0a55555u, 0xc0a80000u, 0xc0600000u,
    0x3faaaaabu, 0x40000000u, 0x3f400000u, 0xbf000000u, 0xbfe00000u, 0xbe2aaaabu, 0x3fb55555u, 0x40400000u, 0x3fb55555u, 0xbe2aaaabu, 0xbfe00000u, 0xbf955555u, 0x40600000u, 0x40a80000u, 0x407aaaabu, 0x40255555u, 0x3fa00000u, 0x401aaaabu, 0x40655555u, 0x40980000u, 0x402aaaabu, 0x3f155555u, 0xbfc00000u, 0xbf800000u,
    0x40755555u, 0x40b80000u, 0x40b80000u, 0x40b80000u, 0x40b80000u, 0x407aaaabu, 0x40055555u, 0x3e800000u, 0xbfaaaaabu, 0xc03aaaabu, 0xc0900000u, 0xc0400000u, 0x40400000u, 0x40900000u, 0x40a00000u, 0x40b00000u, 0x40c00000u, 0x40600000u, 0x3f800000u, 0xbfc00000u, 0xc0200000u, 0xc0600000u, 0xc0900000u, 0xc0400000u,
    0xbf800000u, 0xbfc00000u, 0x3f400000u, 0x40400000u, 0x40a80000u, 0x40a00000u, 0x40980000u, 0x40900000u, 0x40880000u, 0x40800000u, 0x40700000u, 0x40200000u, 0x00000000u, 0x00000000u, 0x3fb55555u, 0x40355555u, 0x40880000u, 0x406aaaabu, 0x40455555u, 0x40200000u, 0x400aaaabu, 0x3feaaaabu, 0x3fc00000u, 0x3f800000u,
    0x402aaaabu, 0x40800000u, 0x40100000u, 0x3f000000u, 0xbfa00000u, 0xc0155555u, 0xc05aaaabu, 0xc0900000u, 0xc09aaaabu, 0xc0a55555u, 0xc0b00000u, 0xc06aaaabu, 0x402aaaabu, 0x40800000u, 0x40155555u, 0x3f2aaaabu, 0xbf800000u, 0xc02aaaabu, 0xc08aaaabu, 0xc0c00000u, 0xc0d2aaabu, 0xc0e55555u, 0xc0f80000u, 0xc0a55555u,
    0x00000000u, 0x00000000u, 0x3fd55555u, 0x40555555u, 0x40a00000u, 0x402aaaabu, 0x3eaaaaabu, 0xc0000000u, 0xc0455555u, 0xc0855555u, 0xc0a80000u, 0xc0600000u, 0xbf800000u, 0xbfc00000u, 0x3f800000u, 0x40600000u, 0x40c00000u, 0x40800000u, 0x40000000u, 0x00000000u, 0xbf800000u, 0xc0000000u, 0xc0400000u, 0xc0000000u,
};
static const nnef_run_tensor nrs_upsample_symmetric_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d53, 0},
};
static const nnef_run_tensor nrs_upsample_symmetric_constant_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d54, 0},
};
/* multilinear_upsample symmetric border constant, factor [2, 3] */
static const char nrs_upsample_symmetric_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_symmetric_constant( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'symmetric', border = 'constant');\n"
    "}\n";
static const uint32_t nrs_d55[] = {
    0x00000000u, 0x40a00000u, 0x40a00000u, 0xc0400000u, 0xc1100000u, 0xc1000000u, 0x40e00000u, 0xc0a00000u, 0x41000000u, 0x40e00000u, 0x00000000u, 0xc1000000u, 0x41000000u, 0x40e00000u, 0xc1100000u, 0xbf800000u, 0x40400000u, 0xc0e00000u, 0xc1000000u, 0xbf800000u, 0xc1100000u, 0x40400000u, 0x3f800000u, 0x41000000u,
};
static const uint32_t nrs_d56[] = {
    0x00000000u, 0x00000000u, 0x3fd55555u, 0x40555555u, 0x40a00000u, 0x40a00000u, 0x40a00000u, 0x40a00000u, 0x40155555u, 0xbeaaaaabu, 0xc0400000u, 0xc0400000u, 0xc0100000u, 0xc0100000u, 0xbf6aaaabu, 0x3ed55555u, 0x3fe00000u, 0x40400000u, 0x40880000u, 0x40b00000u, 0x40200000u, 0xbf000000u, 0xc0600000u, 0xc0600000u,
    0xc0d80000u, 0xc0d80000u, 0xc0c2aaabu, 0xc0ad5555u, 0xc0980000u, 0xbf800000u, 0x40300000u, 0x40d00000u, 0x40355555u, 0xbf555555u, 0xc0900000u, 0xc0900000u, 0xc0980000u, 0xc0980000u, 0xc092aaabu, 0xc08d5555u, 0xc0880000u, 0xbf8aaaabu, 0x40055555u, 0x40a80000u, 0x3fcaaaabu, 0xc0055555u, 0xc0b80000u, 0xc0b80000u,
    0x40700000u, 0x40700000u, 0x40655555u, 0x405aaaabu, 0x40500000u, 0x40300000u, 0x40100000u, 0x3fe00000u, 0xbfa00000u, 0xc0880000u, 0xc0e80000u, 0xc0e80000u, 0x41000000u, 0x41000000u, 0x40f55555u, 0x40eaaaabu, 0x40e00000u, 0x40955555u, 0x40155555u, 0x00000000u, 0xc02aaaabu, 0xc0aaaaabu, 0xc1000000u, 0xc1000000u,
    0x41000000u, 0x41000000u, 0x40f55555u, 0x40eaaaabu, 0x40e00000u, 0x3fd55555u, 0xc06aaaabu, 0xc1100000u, 0xc0caaaabu, 0xc06aaaabu, 0xbf800000u, 0xbf800000u, 0x40d80000u, 0x40d80000u, 0x40b55555u, 0x4092aaabu, 0x40600000u, 0xbf155555u, 0xc0955555u, 0xc10c0000u, 0xc0c55555u, 0xc0655555u, 0xbf800000u, 0xbf800000u,
    0x40880000u, 0x40880000u, 0x3fd55555u, 0xbf6aaaabu, 0xc0600000u, 0xc0a2aaabu, 0xc0d55555u, 0xc1040000u, 0xc0baaaabu, 0xc05aaaabu, 0xbf800000u, 0xbf800000u, 0x00000000u, 0x00000000u, 0xbfc00000u, 0xc0400000u, 0xc0900000u, 0xc09d5555u, 0xc0aaaaabu, 0xc0b80000u, 0xc05aaaabu, 0xbf8aaaabu, 0x3fa00000u, 0x3fa00000u,
    0xc0c00000u, 0xc0c00000u, 0xc0755555u, 0xbfd55555u, 0x3f000000u, 0xbdaaaaabu, 0xbf2aaaabu, 0xbfa00000u, 0x3f8aaaabu, 0x405aaaabu, 0x40b80000u, 0x40b80000u, 0xc1100000u, 0xc1100000u, 0xc0a00000u, 0xbf800000u, 0x40400000u, 0x40155555u, 0x3fd55555u, 0x3f800000u, 0x40555555u, 0x40b55555u, 0x41000000u, 0x41000000u,
};
static const nnef_run_tensor nrs_upsample_symmetric_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d55, 0},
};
static const nnef_run_tensor nrs_upsample_symmetric_replicate_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d56, 0},
};
/* multilinear_upsample symmetric border replicate, factor [2, 3] */
static const char nrs_upsample_symmetric_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_symmetric_replicate( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'symmetric', border = 'replicate');\n"
    "}\n";
static const uint32_t nrs_d57[] = {
    0xc0000000u, 0x40400000u, 0xc0c00000u, 0xc1000000u, 0xc0800000u, 0xc1000000u, 0x41100000u, 0xc0a00000u, 0x3f800000u, 0x00000000u, 0x40a00000u, 0xc1000000u, 0x40800000u, 0x40000000u, 0xbf800000u, 0xc0000000u, 0x40000000u, 0xc0800000u, 0x40000000u, 0x41000000u, 0x00000000u, 0xc0400000u, 0x40000000u, 0xc0a00000u,
};
static const uint32_t nrs_d58[] = {
    0xbfcaaaabu, 0xc0200000u, 0xbfcaaaabu, 0xbf2aaaabu, 0x3e800000u, 0xbf155555u, 0xbfb55555u, 0xc0100000u, 0xc07aaaabu, 0xc0b2aaabu, 0xc0e80000u, 0xc0b2aaabu, 0xbfcaaaabu, 0xc0200000u, 0xbfcaaaabu, 0xbf2aaaabu, 0x3e800000u, 0xbf155555u, 0xbfb55555u, 0xc0100000u, 0xc07aaaabu, 0xc0b2aaabu, 0xc0e80000u, 0xc0b2aaabu,
    0xc082aaabu, 0xc0600000u, 0xc082aaabu, 0xc0955555u, 0xc0a80000u, 0xbfe00000u, 0x3fe00000u, 0x40a80000u, 0x3fcaaaabu, 0xc0055555u, 0xc0b80000u, 0xc0055555u, 0xc0755555u, 0xc0300000u, 0xc0755555u, 0xc09d5555u, 0xc0c00000u, 0xbfaaaaabu, 0x40555555u, 0x41000000u, 0x405aaaabu, 0xbf955555u, 0xc0b80000u, 0xbf955555u,
    0xbf555555u, 0xbe800000u, 0xbf555555u, 0xbfb55555u, 0xc0000000u, 0x3f2aaaabu, 0x40555555u, 0x40c00000u, 0x3fcaaaabu, 0xc0355555u, 0xc0e80000u, 0xc0355555u, 0xbf555555u, 0xbe800000u, 0xbf555555u, 0xbfb55555u, 0xc0000000u, 0x3f2aaaabu, 0x40555555u, 0x40c00000u, 0x3fcaaaabu, 0xc0355555u, 0xc0e80000u, 0xc0355555u,
    0x40200000u, 0x40600000u, 0x40200000u, 0x3fc00000u, 0x3f000000u, 0x3e800000u, 0x00000000u, 0xbe800000u, 0x00000000u, 0x3e800000u, 0x3f000000u, 0x3e800000u, 0x40200000u, 0x40600000u, 0x40200000u, 0x3fc00000u, 0x3f000000u, 0x3e800000u, 0x00000000u, 0xbe800000u, 0x00000000u, 0x3e800000u, 0x3f000000u, 0x3e800000u,
    0x3f555555u, 0x40200000u, 0x3f555555u, 0xbf555555u, 0xc0200000u, 0xbfa00000u, 0x00000000u, 0x3fa00000u, 0x402aaaabu, 0x4082aaabu, 0x40b00000u, 0x4082aaabu, 0xbe800000u, 0x3fc00000u, 0xbe800000u, 0xc0000000u, 0xc0700000u, 0xbfeaaaabu, 0x3daaaaabu, 0x40000000u, 0x403aaaabu, 0x40755555u, 0x40980000u, 0x40755555u,
    0xbf400000u, 0x3f000000u, 0xbf400000u, 0xc0000000u, 0xc0500000u, 0xbfc00000u, 0x3e800000u, 0x40000000u, 0x3f400000u, 0xbf000000u, 0xbfe00000u, 0xbf000000u, 0xbf400000u, 0x3f000000u, 0xbf400000u, 0xc0000000u, 0xc0500000u, 0xbfc00000u, 0x3e800000u, 0x40000000u, 0x3f400000u, 0xbf000000u, 0xbfe00000u, 0xbf000000u,
};
static const nnef_run_tensor nrs_upsample_symmetric_reflect_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d57, 0},
};
static const nnef_run_tensor nrs_upsample_symmetric_reflect_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d58, 0},
};
/* multilinear_upsample symmetric border reflect, factor [2, 3] */
static const char nrs_upsample_symmetric_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_symmetric_reflect( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'symmetric', border = 'reflect');\n"
    "}\n";
static const uint32_t nrs_d59[] = {
    0x00000000u, 0xc0800000u, 0xbf800000u, 0xc0800000u, 0xc0000000u, 0xc1000000u, 0x41100000u, 0xbf800000u, 0xc0c00000u, 0xc0a00000u, 0xc1000000u, 0x40c00000u, 0x40e00000u, 0x3f800000u, 0x40e00000u, 0x41100000u, 0x41100000u, 0xc0a00000u, 0x41000000u, 0xc0400000u, 0x41100000u, 0x40800000u, 0xc0c00000u, 0xc0a00000u,
};
static const uint32_t nrs_d60[] = {
    0x00000000u, 0x00000000u, 0xbfaaaaabu, 0xc02aaaabu, 0xc0800000u, 0xc0400000u, 0xc0000000u, 0xbf800000u, 0xc0000000u, 0xc0400000u, 0xc0800000u, 0xc0800000u, 0xbf000000u, 0xbf000000u, 0xc0000000u, 0xc0600000u, 0xc0a00000u, 0xc0355555u, 0xbf2aaaabu, 0x3fc00000u, 0xbdaaaaabu, 0xbfd55555u, 0xc0500000u, 0xc0500000u,
    0xbfc00000u, 0xbfc00000u, 0xc0555555u, 0xc0a55555u, 0xc0e00000u, 0xc0200000u, 0x40000000u, 0x40d00000u, 0x40700000u, 0x3f800000u, 0xbfe00000u, 0xbfe00000u, 0xc0400000u, 0xc0400000u, 0xc08d5555u, 0xc0baaaabu, 0xc0e80000u, 0xc0500000u, 0x3f400000u, 0x40980000u, 0x405aaaabu, 0x40055555u, 0x3f400000u, 0x3f400000u,
    0xc0a00000u, 0xc0a00000u, 0xc0a80000u, 0xc0b00000u, 0xc0b80000u, 0xc0a2aaabu, 0xc08d5555u, 0xc0700000u, 0xbf8aaaabu, 0x3fcaaaabu, 0x40880000u, 0x40880000u, 0xc0c00000u, 0xc0c00000u, 0xc0b55555u, 0xc0aaaaabu, 0xc0a00000u, 0xc0c00000u, 0xc0e00000u, 0xc1000000u, 0xc0555555u, 0x3faaaaabu, 0x40c00000u, 0x40c00000u,
    0x40e00000u, 0x40e00000u, 0x40a00000u, 0x40400000u, 0x3f800000u, 0x40400000u, 0x40a00000u, 0x40e00000u, 0x40f55555u, 0x41055555u, 0x41100000u, 0x41100000u, 0x40f00000u, 0x40f00000u, 0x409aaaabu, 0x400aaaabu, 0xbf000000u, 0x40055555u, 0x40955555u, 0x40e80000u, 0x40daaaabu, 0x40cd5555u, 0x40c00000u, 0x40c00000u,
    0x41080000u, 0x41080000u, 0x40900000u, 0x3f000000u, 0xc0600000u, 0x3e800000u, 0x40800000u, 0x40f80000u, 0x40a55555u, 0x40255555u, 0x00000000u, 0x00000000u, 0x41100000u, 0x41100000u, 0x40a2aaabu, 0x3f955555u, 0xc0300000u, 0xbeaaaaabu, 0x40055555u, 0x40900000u, 0x3feaaaabu, 0xbf555555u, 0xc0600000u, 0xc0600000u,
    0x41100000u, 0x41100000u, 0x40d2aaabu, 0x40855555u, 0x3fe00000u, 0x3eaaaaabu, 0xbf8aaaabu, 0xc0200000u, 0xc04aaaabu, 0xc0755555u, 0xc0900000u, 0xc0900000u, 0x41100000u, 0x41100000u, 0x40eaaaabu, 0x40b55555u, 0x40800000u, 0x3f2aaaabu, 0xc02aaaabu, 0xc0c00000u, 0xc0b55555u, 0xc0aaaaabu, 0xc0a00000u, 0xc0a00000u,
};
static const nnef_run_tensor nrs_upsample_symmetric_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d59, 0},
};
static const nnef_run_tensor nrs_upsample_symmetric_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d60, 0},
};
/* multilinear_upsample symmetric border reflect-even, factor [2, 3] */
static const char nrs_upsample_symmetric_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_symmetric_reflect_even( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'symmetric', border = 'reflect-even');\n"
    "}\n";
static const uint32_t nrs_d61[] = {
    0xc0600000u, 0xc1000000u, 0x41000000u, 0x40200000u, 0x40200000u, 0x40600000u, 0x40600000u, 0xc0b00000u, 0x40d00000u, 0x3fc00000u, 0xc0f00000u, 0xc0d00000u, 0xc0c00000u, 0x00000000u, 0x40900000u, 0xbfc00000u, 0xc0f00000u, 0x40600000u, 0xc0e00000u, 0xc0900000u, 0xc0c00000u, 0xc0900000u, 0xc0b00000u, 0x40900000u,
    0x40400000u, 0x40200000u, 0xc0400000u, 0x40f00000u, 0xbfc00000u, 0xc0800000u,
};
static const uint32_t nrs_d62[] = {
    0xc0280000u, 0xc0940000u, 0xc0dc0000u, 0xc0800000u, 0x40800000u, 0x40d40000u, 0x40780000u, 0x40200000u, 0x40200000u, 0x3ff00000u, 0x40280000u, 0x40600000u, 0x40600000u, 0x3fa00000u, 0xc0500000u, 0xc0200000u, 0x40600000u, 0x40a80000u, 0x40300000u, 0x3f900000u, 0xc0b40000u, 0xc0e80000u, 0xc0d80000u, 0xc0cc0000u,
    0xc0c40000u, 0xc0900000u, 0xbfc00000u, 0x3f900000u, 0x40580000u, 0x40580000u, 0xbf900000u, 0xc0400000u, 0xc0c00000u, 0xc0980000u, 0x3f400000u, 0x3f600000u, 0xc08c0000u, 0xc0cc0000u, 0xc0a40000u, 0xc0580000u, 0xc0900000u, 0xc0b40000u, 0xc09c0000u, 0xc0980000u, 0xc0a80000u, 0xc0400000u, 0x40000000u, 0x40840000u,
    0x40580000u, 0x40100000u, 0x3ff00000u, 0x3f900000u, 0xbfd00000u, 0xbec00000u, 0x409c0000u, 0x40a80000u, 0x3f400000u, 0xc0080000u, 0xc0580000u, 0xc0400000u,
};
static const nnef_run_tensor nrs_upsample_symmetric_1d_f2_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 3, 5}, nrs_d61, 0},
};
static const nnef_run_tensor nrs_upsample_symmetric_1d_f2_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 3, 10}, nrs_d62, 0},
};
/* multilinear_upsample symmetric 1-D factor 2, constant, dyadic */
static const char nrs_upsample_symmetric_1d_f2_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_symmetric_1d_f2( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 3, 5]);\n"
    "    y = multilinear_upsample(x, factor = [2], method = 'symmetric', border = 'constant');\n"
    "}\n";
static const uint32_t nrs_d63[] = {
    0x40000000u, 0xc0a00000u, 0xc0a00000u, 0xc0c00000u, 0xbf800000u, 0x40c00000u, 0xc0a00000u, 0xc1000000u,
};
static const uint32_t nrs_d64[] = {
    0x40000000u, 0x40000000u, 0xbeaaaaabu, 0xc02aaaabu, 0xc0a00000u, 0xc0a00000u, 0xc0a00000u, 0xc0a00000u, 0xc0aaaaabu, 0xc0b55555u, 0xc0c00000u, 0xc0c00000u, 0xbf800000u, 0xbf800000u, 0x3faaaaabu, 0x406aaaabu, 0x40c00000u, 0x40155555u, 0xbfaaaaabu, 0xc0a00000u, 0xc0c00000u, 0xc0e00000u, 0xc1000000u, 0xc1000000u,
};
static const nnef_run_tensor nrs_upsample_symmetric_1d_f3_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 2, 4}, nrs_d63, 0},
};
static const nnef_run_tensor nrs_upsample_symmetric_1d_f3_out[] = {
    {"y", NNX_FLOAT32, 3, {1, 2, 12}, nrs_d64, 0},
};
/* multilinear_upsample symmetric 1-D factor 3, replicate */
static const char nrs_upsample_symmetric_1d_f3_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_symmetric_1d_f3( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4]);\n"
    "    y = multilinear_upsample(x, factor = [3], method = 'symmetric', border = 'replicate');\n"
    "}\n";
static const uint32_t nrs_d65[] = {
    0x40d00000u, 0x40800000u, 0x40b00000u, 0x40f00000u, 0xc0800000u, 0xbf800000u, 0x40200000u, 0xc0200000u, 0x41000000u,
};
static const uint32_t nrs_d66[] = {
    0x40d00000u, 0x40bc0000u, 0x40940000u, 0x408c0000u, 0x40a40000u, 0x40b00000u, 0x40d80000u, 0x40b20000u, 0x404c0000u, 0x401e0000u, 0x405a0000u, 0x40780000u, 0x40e80000u, 0x409e0000u, 0x3ea00000u, 0xbfac0000u, 0xbd000000u, 0x3f200000u, 0x40c80000u, 0x40720000u, 0xbf940000u, 0xc01a0000u, 0x3d000000u, 0x3fa00000u,
    0x40700000u, 0x40060000u, 0xbf9c0000u, 0xbf380000u, 0x40660000u, 0x40b80000u, 0x40200000u, 0x3fa00000u, 0xbfa00000u, 0x3e000000u, 0x40ac0000u, 0x41000000u,
};
static const nnef_run_tensor nrs_upsample_symmetric_2d_f2_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 3, 3}, nrs_d65, 0},
};
static const nnef_run_tensor nrs_upsample_symmetric_2d_f2_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 1, 6, 6}, nrs_d66, 0},
};
/* multilinear_upsample symmetric 2-D factor [2, 2] reflect-even */
static const char nrs_upsample_symmetric_2d_f2_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_symmetric_2d_f2( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 3, 3]);\n"
    "    y = multilinear_upsample(x, factor = [2, 2], method = 'symmetric', border = 'reflect-even');\n"
    "}\n";
static const uint32_t nrs_d67[] = {
    0x40a00000u, 0x3f800000u, 0xc0800000u, 0x40c00000u, 0xc0c00000u, 0x40800000u, 0x40a00000u, 0xc1100000u, 0xc0400000u, 0x3f800000u, 0x40e00000u, 0xc0c00000u, 0xc0c00000u, 0x40800000u, 0x40c00000u, 0x3f800000u, 0xc0800000u, 0xc1000000u, 0x41100000u, 0x40000000u, 0xc0e00000u, 0xc0000000u, 0x41000000u, 0x41000000u,
};
static const uint32_t nrs_d68[] = {
    0x40a00000u, 0x406aaaabu, 0x40155555u, 0x3f800000u, 0xbf2aaaabu, 0xc0155555u, 0xc0800000u, 0xbf2aaaabu, 0x402aaaabu, 0x40c00000u, 0x40800000u, 0x40000000u, 0xbf000000u, 0x3f000000u, 0x3fc00000u, 0x40200000u, 0x3feaaaabu, 0x3f955555u, 0x3f000000u, 0xbe2aaaabu, 0xbf555555u, 0xbfc00000u, 0xbf800000u, 0xbf000000u,
    0xc0c00000u, 0xc02aaaabu, 0x3f2aaaabu, 0x40800000u, 0x408aaaabu, 0x40955555u, 0x40a00000u, 0x3eaaaaabu, 0xc08aaaabu, 0xc1100000u, 0xc0c00000u, 0xc0400000u, 0xc0900000u, 0xc00aaaabu, 0x3e2aaaabu, 0x40200000u, 0x406aaaabu, 0x409aaaabu, 0x40c00000u, 0x3fc00000u, 0xc0400000u, 0xc0f00000u, 0xc0a00000u, 0xc0200000u,
    0xc0400000u, 0xbfd55555u, 0xbeaaaaabu, 0x3f800000u, 0x40400000u, 0x40a00000u, 0x40e00000u, 0x402aaaabu, 0xbfd55555u, 0xc0c00000u, 0xc0800000u, 0xc0000000u, 0xbfc00000u, 0xbf555555u, 0xbe2aaaabu, 0x3f000000u, 0x3fc00000u, 0x40200000u, 0x40600000u, 0x3faaaaabu, 0xbf555555u, 0xc0400000u, 0xc0000000u, 0xbf800000u,
    0xc0c00000u, 0xc02aaaabu, 0x3f2aaaabu, 0x40800000u, 0x40955555u, 0x40aaaaabu, 0x40c00000u, 0x408aaaabu, 0x402aaaabu, 0x3f800000u, 0x3f2aaaabu, 0x3eaaaaabu, 0xc0a00000u, 0xc0800000u, 0xc0400000u, 0xc0000000u, 0x3f955555u, 0x408aaaabu, 0x40f00000u, 0x40b00000u, 0x40600000u, 0x3fc00000u, 0x3f800000u, 0x3f000000u,
    0xc0800000u, 0xc0aaaaabu, 0xc0d55555u, 0xc1000000u, 0xc0155555u, 0x40555555u, 0x41100000u, 0x40d55555u, 0x408aaaabu, 0x40000000u, 0x3faaaaabu, 0x3f2aaaabu, 0xc0b00000u, 0xc0aaaaabu, 0xc0a55555u, 0xc0a00000u, 0xbf000000u, 0x40800000u, 0x41080000u, 0x40eaaaabu, 0x40c55555u, 0x40a00000u, 0x40555555u, 0x3fd55555u,
    0xc0e00000u, 0xc0aaaaabu, 0xc06aaaabu, 0xc0000000u, 0x3faaaaabu, 0x40955555u, 0x41000000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x40aaaaabu, 0x402aaaabu, 0xc0600000u, 0xc02aaaabu, 0xbfeaaaabu, 0xbf800000u, 0x3f2aaaabu, 0x40155555u, 0x40800000u, 0x40800000u, 0x40800000u, 0x40800000u, 0x402aaaabu, 0x3faaaaabu,
};
static const nnef_run_tensor nrs_upsample_asymmetric_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d67, 0},
};
static const nnef_run_tensor nrs_upsample_asymmetric_constant_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d68, 0},
};
/* multilinear_upsample asymmetric border constant, factor [2, 3] */
static const char nrs_upsample_asymmetric_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_asymmetric_constant( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'asymmetric', border = 'constant');\n"
    "}\n";
static const uint32_t nrs_d69[] = {
    0xc0800000u, 0x40a00000u, 0x40c00000u, 0xc0800000u, 0x40400000u, 0xc0000000u, 0xc0a00000u, 0x41100000u, 0x00000000u, 0x41000000u, 0x3f800000u, 0xc1000000u, 0x40400000u, 0x40000000u, 0x40400000u, 0x40e00000u, 0xc0800000u, 0xbf800000u, 0xc0400000u, 0x41000000u, 0x00000000u, 0xc0800000u, 0xbf800000u, 0x40000000u,
};
static const uint32_t nrs_d70[] = {
    0xc0800000u, 0xbf800000u, 0x40000000u, 0x40a00000u, 0x40aaaaabu, 0x40b55555u, 0x40c00000u, 0x402aaaabu, 0xbf2aaaabu, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xbf000000u, 0x3e2aaaabu, 0x3f555555u, 0x3fc00000u, 0x3f955555u, 0x3f555555u, 0x3f000000u, 0x3f955555u, 0x3feaaaabu, 0x40200000u, 0x40200000u, 0x40200000u,
    0x40400000u, 0x3faaaaabu, 0xbeaaaaabu, 0xc0000000u, 0xc0400000u, 0xc0800000u, 0xc0a00000u, 0xbeaaaaabu, 0x408aaaabu, 0x41100000u, 0x41100000u, 0x41100000u, 0x3fc00000u, 0x40000000u, 0x40200000u, 0x40400000u, 0x3faaaaabu, 0xbeaaaaabu, 0xc0000000u, 0xbf955555u, 0xbeaaaaabu, 0x3f000000u, 0x3f000000u, 0x3f000000u,
    0x00000000u, 0x402aaaabu, 0x40aaaaabu, 0x41000000u, 0x40b55555u, 0x40555555u, 0x3f800000u, 0xc0000000u, 0xc0a00000u, 0xc1000000u, 0xc1000000u, 0xc1000000u, 0x00000000u, 0x402aaaabu, 0x40aaaaabu, 0x41000000u, 0x40b55555u, 0x40555555u, 0x3f800000u, 0xc0000000u, 0xc0a00000u, 0xc1000000u, 0xc1000000u, 0xc1000000u,
    0x40400000u, 0x402aaaabu, 0x40155555u, 0x40000000u, 0x40155555u, 0x402aaaabu, 0x40400000u, 0x408aaaabu, 0x40b55555u, 0x40e00000u, 0x40e00000u, 0x40e00000u, 0xbf000000u, 0xbe2aaaabu, 0x3e2aaaabu, 0x3f000000u, 0x3eaaaaabu, 0x3e2aaaabu, 0x00000000u, 0x40200000u, 0x40a00000u, 0x40f00000u, 0x40f00000u, 0x40f00000u,
    0xc0800000u, 0xc0400000u, 0xc0000000u, 0xbf800000u, 0xbfd55555u, 0xc0155555u, 0xc0400000u, 0x3f2aaaabu, 0x408aaaabu, 0x41000000u, 0x41000000u, 0x41000000u, 0xc0000000u, 0xc00aaaabu, 0xc0155555u, 0xc0200000u, 0xc0155555u, 0xc00aaaabu, 0xc0000000u, 0x3eaaaaabu, 0x402aaaabu, 0x40a00000u, 0x40a00000u, 0x40a00000u,
    0x00000000u, 0xbfaaaaabu, 0xc02aaaabu, 0xc0800000u, 0xc0400000u, 0xc0000000u, 0xbf800000u, 0x00000000u, 0x3f800000u, 0x40000000u, 0x40000000u, 0x40000000u, 0x00000000u, 0xbfaaaaabu, 0xc02aaaabu, 0xc0800000u, 0xc0400000u, 0xc0000000u, 0xbf800000u, 0x00000000u, 0x3f800000u, 0x40000000u, 0x40000000u, 0x40000000u,
};
static const nnef_run_tensor nrs_upsample_asymmetric_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d69, 0},
};
static const nnef_run_tensor nrs_upsample_asymmetric_replicate_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d70, 0},
};
/* multilinear_upsample asymmetric border replicate, factor [2, 3] */
static const char nrs_upsample_asymmetric_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_asymmetric_replicate( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'asymmetric', border = 'replicate');\n"
    "}\n";
static const uint32_t nrs_d71[] = {
    0x40e00000u, 0x41000000u, 0x3f800000u, 0xc0400000u, 0x40800000u, 0x40000000u, 0xc0a00000u, 0x40c00000u, 0x41000000u, 0xc0000000u, 0xc0800000u, 0xc0e00000u, 0x3f800000u, 0xc0c00000u, 0x41100000u, 0x40c00000u, 0xc0c00000u, 0x40000000u, 0xc0000000u, 0xc0a00000u, 0xc1100000u, 0x41000000u, 0x40a00000u, 0x00000000u,
};
static const uint32_t nrs_d72[] = {
    0x40e00000u, 0x40eaaaabu, 0x40f55555u, 0x41000000u, 0x40b55555u, 0x40555555u, 0x3f800000u, 0xbeaaaaabu, 0xbfd55555u, 0xc0400000u, 0xbfd55555u, 0xbeaaaaabu, 0x40b00000u, 0x40aaaaabu, 0x40a55555u, 0x40a00000u, 0x402aaaabu, 0x3eaaaaabu, 0xc0000000u, 0xbf555555u, 0x3eaaaaabu, 0x3fc00000u, 0x3eaaaaabu, 0xbf555555u,
    0x40800000u, 0x40555555u, 0x402aaaabu, 0x40000000u, 0xbeaaaaabu, 0xc02aaaabu, 0xc0a00000u, 0xbfaaaaabu, 0x40155555u, 0x40c00000u, 0x40155555u, 0xbfaaaaabu, 0x40c00000u, 0x40800000u, 0x40000000u, 0x00000000u, 0xbfc00000u, 0xc0400000u, 0xc0900000u, 0xc04aaaabu, 0xbfeaaaabu, 0xbf000000u, 0xbfeaaaabu, 0xc04aaaabu,
    0x41000000u, 0x40955555u, 0x3faaaaabu, 0xc0000000u, 0xc02aaaabu, 0xc0555555u, 0xc0800000u, 0xc0a00000u, 0xc0c00000u, 0xc0e00000u, 0xc0c00000u, 0xc0a00000u, 0x40c00000u, 0x40800000u, 0x40000000u, 0x00000000u, 0xbfc00000u, 0xc0400000u, 0xc0900000u, 0xc04aaaabu, 0xbfeaaaabu, 0xbf000000u, 0xbfeaaaabu, 0xc04aaaabu,
    0x3f800000u, 0xbfaaaaabu, 0xc06aaaabu, 0xc0c00000u, 0xbf800000u, 0x40800000u, 0x41100000u, 0x41000000u, 0x40e00000u, 0x40c00000u, 0x40e00000u, 0x41000000u, 0xc0200000u, 0xc0155555u, 0xc00aaaabu, 0xc0000000u, 0xbe2aaaabu, 0x3fd55555u, 0x40600000u, 0x40200000u, 0x3fc00000u, 0x3f000000u, 0x3fc00000u, 0x40200000u,
    0xc0c00000u, 0xc0555555u, 0xbf2aaaabu, 0x40000000u, 0x3f2aaaabu, 0xbf2aaaabu, 0xc0000000u, 0xc0400000u, 0xc0800000u, 0xc0a00000u, 0xc0800000u, 0xc0400000u, 0xc0f00000u, 0xc0555555u, 0x3f555555u, 0x40a00000u, 0x40755555u, 0x402aaaabu, 0x3fc00000u, 0x3e2aaaabu, 0xbf955555u, 0xc0200000u, 0xbf955555u, 0x3e2aaaabu,
    0xc1100000u, 0xc0555555u, 0x40155555u, 0x41000000u, 0x40e00000u, 0x40c00000u, 0x40a00000u, 0x40555555u, 0x3fd55555u, 0x00000000u, 0x3fd55555u, 0x40555555u, 0xc0f00000u, 0xc0555555u, 0x3f555555u, 0x40a00000u, 0x40755555u, 0x402aaaabu, 0x3fc00000u, 0x3e2aaaabu, 0xbf955555u, 0xc0200000u, 0xbf955555u, 0x3e2aaaabu,
};
static const nnef_run_tensor nrs_upsample_asymmetric_reflect_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d71, 0},
};
static const nnef_run_tensor nrs_upsample_asymmetric_reflect_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d72, 0},
};
/* multilinear_upsample asymmetric border reflect, factor [2, 3] */
static const char nrs_upsample_asymmetric_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_asymmetric_reflect( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'asymmetric', border = 'reflect');\n"
    "}\n";
static const uint32_t nrs_d73[] = {
    0xc0e00000u, 0x40400000u, 0x40e00000u, 0x40e00000u, 0xc0c00000u, 0x40c00000u, 0x00000000u, 0xc0e00000u, 0x00000000u, 0x41000000u, 0x3f800000u, 0x41100000u, 0x40400000u, 0x3f800000u, 0xc0400000u, 0xc1000000u, 0x3f800000u, 0xc1100000u, 0x40c00000u, 0x40000000u, 0xc1000000u, 0x3f800000u, 0xc0a00000u, 0xc0c00000u,
};
static const uint32_t nrs_d74[] = {
    0xc0e00000u, 0xc06aaaabu, 0xbeaaaaabu, 0x40400000u, 0x408aaaabu, 0x40b55555u, 0x40e00000u, 0x40e00000u, 0x40e00000u, 0x40e00000u, 0x40e00000u, 0x40e00000u, 0xc0d00000u, 0xc0355555u, 0x3f555555u, 0x40900000u, 0x40855555u, 0x40755555u, 0x40600000u, 0x40155555u, 0x3f955555u, 0x00000000u, 0x00000000u, 0x00000000u,
    0xc0c00000u, 0xc0000000u, 0x40000000u, 0x40c00000u, 0x40800000u, 0x40000000u, 0x00000000u, 0xc0155555u, 0xc0955555u, 0xc0e00000u, 0xc0e00000u, 0xc0e00000u, 0xc0400000u, 0x3eaaaaabu, 0x406aaaabu, 0x40e00000u, 0x409aaaabu, 0x402aaaabu, 0x3f000000u, 0x3f2aaaabu, 0x3f555555u, 0x3f800000u, 0x3f800000u, 0x3f800000u,
    0x00000000u, 0x402aaaabu, 0x40aaaaabu, 0x41000000u, 0x40b55555u, 0x40555555u, 0x3f800000u, 0x406aaaabu, 0x40caaaabu, 0x41100000u, 0x41100000u, 0x41100000u, 0x00000000u, 0x402aaaabu, 0x40aaaaabu, 0x41000000u, 0x40b55555u, 0x40555555u, 0x3f800000u, 0x406aaaabu, 0x40caaaabu, 0x41100000u, 0x41100000u, 0x41100000u,
    0x40400000u, 0x40155555u, 0x3fd55555u, 0x3f800000u, 0xbeaaaaabu, 0xbfd55555u, 0xc0400000u, 0xc0955555u, 0xc0caaaabu, 0xc1000000u, 0xc1000000u, 0xc1000000u, 0x40000000u, 0x00000000u, 0xc0000000u, 0xc0800000u, 0xc00aaaabu, 0xbeaaaaabu, 0x3fc00000u, 0x00000000u, 0xbfc00000u, 0xc0400000u, 0xc0400000u, 0xc0400000u,
    0x3f800000u, 0xc0155555u, 0xc0b55555u, 0xc1100000u, 0xc0800000u, 0x3f800000u, 0x40c00000u, 0x40955555u, 0x40555555u, 0x40000000u, 0x40000000u, 0x40000000u, 0xc0600000u, 0xc06aaaabu, 0xc0755555u, 0xc0800000u, 0xc0200000u, 0xbf800000u, 0x3f000000u, 0xbeaaaaabu, 0xbf955555u, 0xc0000000u, 0xc0000000u, 0xc0000000u,
    0xc1000000u, 0xc0a00000u, 0xc0000000u, 0x3f800000u, 0xbf800000u, 0xc0400000u, 0xc0a00000u, 0xc0aaaaabu, 0xc0b55555u, 0xc0c00000u, 0xc0c00000u, 0xc0c00000u, 0xc1000000u, 0xc0a00000u, 0xc0000000u, 0x3f800000u, 0xbf800000u, 0xc0400000u, 0xc0a00000u, 0xc0aaaaabu, 0xc0b55555u, 0xc0c00000u, 0xc0c00000u, 0xc0c00000u,
};
static const nnef_run_tensor nrs_upsample_asymmetric_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d73, 0},
};
static const nnef_run_tensor nrs_upsample_asymmetric_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d74, 0},
};
/* multilinear_upsample asymmetric border reflect-even, factor [2, 3] */
static const char nrs_upsample_asymmetric_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_asymmetric_reflect_even( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'asymmetric', border = 'reflect-even');\n"
    "}\n";
static const uint32_t nrs_d75[] = {
    0xc0e00000u, 0x40200000u, 0x40900000u, 0x40600000u, 0x3fc00000u, 0xc0f00000u, 0xc0600000u, 0xbfc00000u, 0x00000000u, 0x00000000u, 0xc0a00000u, 0x00000000u, 0x3f000000u, 0xc0e00000u, 0xc0900000u, 0xc0600000u, 0x3f000000u, 0xc0900000u, 0x40900000u, 0xc1000000u, 0x40200000u, 0x40e00000u, 0xc0b00000u, 0xbfc00000u,
    0xc0b00000u, 0xbf000000u, 0x40b00000u, 0xc0e00000u, 0xc0000000u, 0x40400000u,
};
static const uint32_t nrs_d76[] = {
    0xc0e00000u, 0xc0100000u, 0x40200000u, 0x40600000u, 0x40900000u, 0x40800000u, 0x40600000u, 0x40200000u, 0x3fc00000u, 0x3f400000u, 0xc0f00000u, 0xc0b00000u, 0xc0600000u, 0xc0200000u, 0xbfc00000u, 0xbf400000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0a00000u, 0xc0200000u, 0x00000000u, 0x3e800000u,
    0x3f000000u, 0xc0500000u, 0xc0e00000u, 0xc0b80000u, 0xc0900000u, 0xc0100000u, 0xc0600000u, 0xbfc00000u, 0x3f000000u, 0xc0000000u, 0xc0900000u, 0x00000000u, 0x40900000u, 0xbfe00000u, 0xc1000000u, 0xc0800000u, 0x40200000u, 0x40980000u, 0x40e00000u, 0x3f400000u, 0xc0b00000u, 0xc0600000u, 0xbfc00000u, 0xc0600000u,
    0xc0b00000u, 0xc0300000u, 0xbf000000u, 0x40200000u, 0x40b00000u, 0xbf400000u, 0xc0e00000u, 0xc0900000u, 0xc0000000u, 0x3f000000u, 0x40400000u, 0x3fc00000u,
};
static const nnef_run_tensor nrs_upsample_asymmetric_1d_f2_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 3, 5}, nrs_d75, 0},
};
static const nnef_run_tensor nrs_upsample_asymmetric_1d_f2_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 3, 10}, nrs_d76, 0},
};
/* multilinear_upsample asymmetric 1-D factor 2, constant, dyadic */
static const char nrs_upsample_asymmetric_1d_f2_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_asymmetric_1d_f2( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 3, 5]);\n"
    "    y = multilinear_upsample(x, factor = [2], method = 'asymmetric', border = 'constant');\n"
    "}\n";
static const uint32_t nrs_d77[] = {
    0xc0a00000u, 0xc0800000u, 0x40800000u, 0x40c00000u, 0x40c00000u, 0xc0000000u, 0x40400000u, 0xc0a00000u,
};
static const uint32_t nrs_d78[] = {
    0xc0a00000u, 0xc0955555u, 0xc08aaaabu, 0xc0800000u, 0xbfaaaaabu, 0x3faaaaabu, 0x40800000u, 0x40955555u, 0x40aaaaabu, 0x40c00000u, 0x40c00000u, 0x40c00000u, 0x40c00000u, 0x40555555u, 0x3f2aaaabu, 0xc0000000u, 0xbeaaaaabu, 0x3faaaaabu, 0x40400000u, 0x3eaaaaabu, 0xc0155555u, 0xc0a00000u, 0xc0a00000u, 0xc0a00000u,
};
static const nnef_run_tensor nrs_upsample_asymmetric_1d_f3_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 2, 4}, nrs_d77, 0},
};
static const nnef_run_tensor nrs_upsample_asymmetric_1d_f3_out[] = {
    {"y", NNX_FLOAT32, 3, {1, 2, 12}, nrs_d78, 0},
};
/* multilinear_upsample asymmetric 1-D factor 3, replicate */
static const char nrs_upsample_asymmetric_1d_f3_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_asymmetric_1d_f3( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4]);\n"
    "    y = multilinear_upsample(x, factor = [3], method = 'asymmetric', border = 'replicate');\n"
    "}\n";
static const uint32_t nrs_d79[] = {
    0xc0400000u, 0x40e00000u, 0x40000000u, 0xc0000000u, 0x00000000u, 0xc0000000u, 0xc0200000u, 0xc0900000u, 0xc1000000u,
};
static const uint32_t nrs_d80[] = {
    0xc0400000u, 0x40000000u, 0x40e00000u, 0x40900000u, 0x40000000u, 0x40000000u, 0xc0200000u, 0x3f000000u, 0x40600000u, 0x3fe00000u, 0x00000000u, 0x00000000u, 0xc0000000u, 0xbf800000u, 0x00000000u, 0xbf800000u, 0xc0000000u, 0xc0000000u, 0xc0100000u, 0xc0100000u, 0xc0100000u, 0xc0680000u, 0xc0a00000u, 0xc0a00000u,
    0xc0200000u, 0xc0600000u, 0xc0900000u, 0xc0c80000u, 0xc1000000u, 0xc1000000u, 0xc0200000u, 0xc0600000u, 0xc0900000u, 0xc0c80000u, 0xc1000000u, 0xc1000000u,
};
static const nnef_run_tensor nrs_upsample_asymmetric_2d_f2_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 3, 3}, nrs_d79, 0},
};
static const nnef_run_tensor nrs_upsample_asymmetric_2d_f2_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 1, 6, 6}, nrs_d80, 0},
};
/* multilinear_upsample asymmetric 2-D factor [2, 2] reflect-even */
static const char nrs_upsample_asymmetric_2d_f2_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_asymmetric_2d_f2( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 3, 3]);\n"
    "    y = multilinear_upsample(x, factor = [2, 2], method = 'asymmetric', border = 'reflect-even');\n"
    "}\n";
static const uint32_t nrs_d81[] = {
    0xc1100000u, 0x41000000u, 0xc0400000u, 0x40e00000u, 0xc0e00000u, 0x00000000u, 0x40c00000u, 0xc1000000u, 0x3f800000u, 0x40e00000u, 0xc0e00000u, 0x00000000u, 0xc1000000u, 0xc0800000u, 0x41100000u, 0xc1000000u, 0x3f800000u, 0x00000000u, 0xc0e00000u, 0xc0000000u, 0x41100000u, 0x40a00000u, 0x41100000u, 0x40a00000u,
};
static const uint32_t nrs_d82[] = {
    0xc1100000u, 0xc08ba2e9u, 0x3e8ba2e9u, 0x409d1746u, 0x40e00000u, 0x40800000u, 0x3f800000u, 0xc0000000u, 0xbf9745d1u, 0x3fc5d174u, 0x4088ba2fu, 0x40e00000u, 0xc1033333u, 0xc094f209u, 0xbf8df6b1u, 0x401bed62u, 0x408d61bfu, 0x4051745du, 0x4008253du, 0x3f7b5870u, 0x3f2c37dbu, 0x3f48253du, 0x3f64129eu, 0x3f800000u,
    0xc0eccccdu, 0xc09e412au, 0xc01f6b0eu, 0xbd14f209u, 0x3feb0df7u, 0x4022e8bau, 0x40504a79u, 0x407dac38u, 0x4021bed6u, 0x3c94f209u, 0xc01f6b0eu, 0xc0a00000u, 0xc0accccdu, 0xc062e8bau, 0xbfd86fb6u, 0x3e27904au, 0x3fca7905u, 0x4008253du, 0x402b0df7u, 0x404df6b1u, 0x3fcf2095u, 0xbf86fb58u, 0xc06e8ba3u, 0xc0cccccdu,
    0xc00ccccdu, 0xbee8ba2fu, 0x3fa53c82u, 0x404253c8u, 0x4069e413u, 0x400129e4u, 0x3ec37dacu, 0xbfa094f2u, 0xc0037dacu, 0xc01bed62u, 0xc0345d17u, 0xc04ccccdu, 0x3f800000u, 0x4028ba2fu, 0x4088ba2fu, 0x40bd1746u, 0x40b745d1u, 0x3ff45d17u, 0xbff45d17u, 0xc0b745d1u, 0xc0b745d1u, 0xc0745d17u, 0xbff45d17u, 0x00000000u,
    0xc1000000u, 0xc0dd1746u, 0xc0ba2e8cu, 0xc09745d1u, 0xc0345d17u, 0x3f3a2e8cu, 0x4088ba2fu, 0x40fa2e8cu, 0x40bd1746u, 0x3fa2e8bau, 0xc05745d1u, 0xc1000000u, 0xc08ccccdu, 0xc076b0dfu, 0xc053c825u, 0xc030df6bu, 0xbff904a8u, 0xbf14f209u, 0x3f48253du, 0x40094f21u, 0x3f8df6b1u, 0xbf904a79u, 0xc05745d1u, 0xc0b33333u,
    0xbf4ccccdu, 0xbf4ccccdu, 0xbf4ccccdu, 0xbf4ccccdu, 0xbf894f21u, 0xbff2094fu, 0xc02d61bfu, 0xc061bed6u, 0xc06c37dbu, 0xc061bed6u, 0xc05745d1u, 0xc04ccccdu, 0x40266666u, 0x400a7905u, 0x3fdd1746u, 0x3fa53c82u, 0x3f104a79u, 0xbf3ed61cu, 0xc0037dacu, 0xc05745d1u, 0xc04df6b1u, 0xc0161bedu, 0xbfbc8254u, 0xbf19999au,
    0x40b9999au, 0x40a129e4u, 0x4088ba2fu, 0x406094f2u, 0x403dac38u, 0x4036b0dfu, 0x402fb587u, 0x4028ba2fu, 0x4021bed6u, 0x401ac37eu, 0x4013c825u, 0x400ccccdu, 0x41100000u, 0x40fd1746u, 0x40da2e8cu, 0x40b745d1u, 0x40aba2e9u, 0x40ce8ba3u, 0x40f1745du, 0x410a2e8cu, 0x41045d17u, 0x40e5d174u, 0x40c2e8bau, 0x40a00000u,
};
static const nnef_run_tensor nrs_upsample_aligned_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d81, 0},
};
static const nnef_run_tensor nrs_upsample_aligned_constant_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d82, 0},
};
/* multilinear_upsample aligned border constant, factor [2, 3] */
static const char nrs_upsample_aligned_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_aligned_constant( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'aligned', border = 'constant');\n"
    "}\n";
static const uint32_t nrs_d83[] = {
    0x40000000u, 0xc0000000u, 0xc0400000u, 0xc0c00000u, 0x3f800000u, 0xc0400000u, 0x40a00000u, 0x41100000u, 0x41100000u, 0x41100000u, 0x40000000u, 0xc0c00000u, 0x40800000u, 0x00000000u, 0x3f800000u, 0x40c00000u, 0x3f800000u, 0xc0c00000u, 0xc1000000u, 0x41100000u, 0xc1100000u, 0x41100000u, 0xc0e00000u, 0xc0e00000u,
};
static const uint32_t nrs_d84[] = {
    0x40000000u, 0x3f68ba2fu, 0xbe3a2e8cu, 0xbfa2e8bau, 0xc005d174u, 0xc01745d1u, 0xc028ba2fu, 0xc03a2e8cu, 0xc062e8bau, 0xc08ba2e9u, 0xc0a5d174u, 0xc0c00000u, 0x3fcccccdu, 0x3f0253c8u, 0xbf14f209u, 0xbfd61bedu, 0xc00a7905u, 0xbfba2e8cu, 0xbf3ed61cu, 0xbd14f209u, 0x3e27904au, 0x3ddf6b0eu, 0x3d5f6b0eu, 0x00000000u,
    0x3f99999au, 0x3ddf6b0eu, 0xbf7b5870u, 0xc004a790u, 0xc00f2095u, 0xbf0ba2e9u, 0x3f929e41u, 0x403586fbu, 0x4077dac3u, 0x40929e41u, 0x40a94f21u, 0x40c00000u, 0x40266666u, 0x3fdd1746u, 0x3f5ac37eu, 0xbc94f209u, 0xbe14f209u, 0x3f9bed62u, 0x40253c82u, 0x407c8254u, 0x40961bedu, 0x40a4129eu, 0x40b2094fu, 0x40c00000u,
    0x40b9999au, 0x40aba2e9u, 0x409dac38u, 0x408fb587u, 0x40837dacu, 0x407586fbu, 0x4064129eu, 0x40529e41u, 0x4027904au, 0x3fdf6b0eu, 0x3f5f6b0eu, 0x00000000u, 0x41100000u, 0x41100000u, 0x41100000u, 0x41100000u, 0x4105d174u, 0x40ce8ba3u, 0x4091745du, 0x4028ba2fu, 0x3f0ba2e9u, 0xbfd1745du, 0xc0745d17u, 0xc0c00000u,
    0x40800000u, 0x403a2e8cu, 0x3fe8ba2fu, 0x3f3a2e8cu, 0x3dba2e8cu, 0x3eba2e8cu, 0x3f22e8bau, 0x3f68ba2fu, 0x3ff45d17u, 0x4051745du, 0x40945d17u, 0x40c00000u, 0x40333333u, 0x3fb0df6bu, 0xbd14f209u, 0xbfba2e8cu, 0xc01ac37eu, 0xc01e412au, 0xc021bed6u, 0xc0253c82u, 0xbf51745du, 0x3fed61bfu, 0x4090df6bu, 0x40e66666u,
    0x3fcccccdu, 0xbe14f209u, 0xbff2094fu, 0xc068ba2fu, 0xc09dac38u, 0xc0a9e413u, 0xc0b61bedu, 0xc0c253c8u, 0xc062e8bau, 0x3edf6b0eu, 0x408d61bfu, 0x41066666u, 0xbf800000u, 0xbfc5d174u, 0xc005d174u, 0xc028ba2fu, 0xc05bed62u, 0xc097dac3u, 0xc0c1bed6u, 0xc0eba2e9u, 0xc0aa7905u, 0xbfcf2095u, 0x4005d174u, 0x40b9999au,
    0xc0a00000u, 0xc0345d17u, 0xbf22e8bau, 0x3fc5d174u, 0x40037dacu, 0xbf48253du, 0xc067904au, 0xc0ce8ba3u, 0xc0c53c82u, 0xc089e413u, 0xc01d1746u, 0xbf19999au, 0xc1100000u, 0xc082e8bau, 0x3f51745du, 0x40b745d1u, 0x40f1745du, 0x404ba2e9u, 0xbf9745d1u, 0xc0b1745du, 0xc0e00000u, 0xc0e00000u, 0xc0e00000u, 0xc0e00000u,
};
static const nnef_run_tensor nrs_upsample_aligned_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d83, 0},
};
static const nnef_run_tensor nrs_upsample_aligned_replicate_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d84, 0},
};
/* multilinear_upsample aligned border replicate, factor [2, 3] */
static const char nrs_upsample_aligned_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_aligned_replicate( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'aligned', border = 'replicate');\n"
    "}\n";
static const uint32_t nrs_d85[] = {
    0x40400000u, 0xc1100000u, 0x41100000u, 0xc1000000u, 0x3f800000u, 0xc1000000u, 0xc1100000u, 0x00000000u, 0xc0c00000u, 0x40c00000u, 0x00000000u, 0x3f800000u, 0xc0800000u, 0x40800000u, 0xbf800000u, 0x40800000u, 0xc0a00000u, 0xc1100000u, 0xc0c00000u, 0x00000000u, 0xc0e00000u, 0x40400000u, 0xc0000000u, 0x40400000u,
};
static const uint32_t nrs_d86[] = {
    0x40400000u, 0xbe8ba2e9u, 0xc062e8bau, 0xc0da2e8cu, 0xc0eba2e9u, 0xc01d1746u, 0x401d1746u, 0x40eba2e9u, 0x40bd1746u, 0x3fa2e8bau, 0xc05745d1u, 0xc1000000u, 0x400ccccdu, 0xbf3ed61cu, 0xc06c37dbu, 0xc0d45d17u, 0xc0f4f209u, 0xc09a2e8cu, 0xbffdac38u, 0x3f5ac37eu, 0x3f19999au, 0xbf99999au, 0xc0400000u, 0xc099999au,
    0x3fb33333u, 0xbf9bed62u, 0xc07586fbu, 0xc0ce8ba3u, 0xc0fe412au, 0xc0e5d174u, 0xc0cd61bfu, 0xc0b4f209u, 0xc096b0dfu, 0xc06b0df7u, 0xc028ba2fu, 0xbfcccccdu, 0xbecccccdu, 0xbfdac37eu, 0xc04129e4u, 0xc08a7905u, 0xc0ac37dbu, 0xc0bdac38u, 0xc0cf2095u, 0xc0e094f2u, 0xc0bb5870u, 0xc07586fbu, 0xbfe8ba2fu, 0x3e4ccccdu,
    0xc04ccccdu, 0xc00df6b1u, 0xbf9e412au, 0xbe8253c8u, 0x3d14f209u, 0xbf86fb58u, 0xc0094f21u, 0xc04f2095u, 0xc03586fbu, 0xbfd86fb6u, 0xbf0ba2e9u, 0x3f19999au, 0xc0c00000u, 0xc02e8ba3u, 0x3f0ba2e9u, 0x40745d17u, 0x40ae8ba3u, 0x40745d17u, 0x400ba2e9u, 0x3f0ba2e9u, 0x3e3a2e8cu, 0x3ee8ba2fu, 0x3f3a2e8cu, 0x3f800000u,
    0xc0800000u, 0xbfe8ba2fu, 0x3eba2e8cu, 0x4022e8bau, 0x4062e8bau, 0x400ba2e9u, 0x3f51745du, 0xbf0ba2e9u, 0xbdba2e8cu, 0x3fa2e8bau, 0x4028ba2fu, 0x40800000u, 0xc08ccccdu, 0xc061bed6u, 0xc029e413u, 0xbfe4129eu, 0xbfae8ba3u, 0xbfed61bfu, 0xc0161bedu, 0xc03586fbu, 0xc00129e4u, 0xbf0ba2e9u, 0x3f6d61bfu, 0x4019999au,
    0xc099999au, 0xc0a7904au, 0xc0b586fbu, 0xc0c37dacu, 0xc0c8ba2fu, 0xc0bc8254u, 0xc0b04a79u, 0xc0a4129eu, 0xc07c8254u, 0xc01745d1u, 0xbf48253du, 0x3f4ccccdu, 0xc0accccdu, 0xc0b745d1u, 0xc0c1bed6u, 0xc0cc37dbu, 0xc0cf2095u, 0xc0c2e8bau, 0xc0b6b0dfu, 0xc0aa7905u, 0xc084a790u, 0xc024129eu, 0xbf7b5870u, 0x3f19999au,
    0xc0c66666u, 0xc0a00000u, 0xc0733333u, 0xc0266666u, 0xbffb5870u, 0xc01d1746u, 0xc03c8254u, 0xc05bed62u, 0xc027904au, 0xbf929e41u, 0x3ea7904au, 0x3fe66666u, 0xc0e00000u, 0xc088ba2fu, 0xbfc5d174u, 0x3f9745d1u, 0x4022e8bau, 0x3f9745d1u, 0xbe3a2e8cu, 0xbfc5d174u, 0xbf8ba2e9u, 0x3e8ba2e9u, 0x3fd1745du, 0x40400000u,
};
static const nnef_run_tensor nrs_upsample_aligned_reflect_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d85, 0},
};
static const nnef_run_tensor nrs_upsample_aligned_reflect_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d86, 0},
};
/* multilinear_upsample aligned border reflect, factor [2, 3] */
static const char nrs_upsample_aligned_reflect_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_aligned_reflect( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'aligned', border = 'reflect');\n"
    "}\n";
static const uint32_t nrs_d87[] = {
    0xc0800000u, 0x41000000u, 0xc0e00000u, 0x3f800000u, 0xbf800000u, 0xc0000000u, 0x40000000u, 0xc1100000u, 0xc0c00000u, 0x40e00000u, 0x00000000u, 0xc0e00000u, 0xc0000000u, 0xc0a00000u, 0x40400000u, 0x41100000u, 0x40800000u, 0x41100000u, 0x40c00000u, 0xc0a00000u, 0x00000000u, 0x40800000u, 0xc1100000u, 0x00000000u,
};
static const uint32_t nrs_d88[] = {
    0xc0800000u, 0xbf3a2e8cu, 0x4022e8bau, 0x40ba2e8cu, 0x40d45d17u, 0x4022e8bau, 0xbfc5d174u, 0xc0b45d17u, 0xc0b1745du, 0xc05745d1u, 0xbf9745d1u, 0x3f800000u, 0xc0333333u, 0xbf72094fu, 0x3f68ba2fu, 0x4030df6bu, 0x4054f209u, 0x3fa7904au, 0xbf3586fbu, 0xc02e8ba3u, 0xc054f209u, 0xc04df6b1u, 0xc046fb58u, 0xc0400000u,
    0xbfcccccdu, 0xbf94f209u, 0xbf3a2e8cu, 0xbe94f209u, 0x3c94f209u, 0x3d94f209u, 0x3e0253c8u, 0x3e3a2e8cu, 0xbf8df6b1u, 0xc044a790u, 0xc0a129e4u, 0xc0e00000u, 0xc0000000u, 0xbfc129e4u, 0xbf8253c8u, 0xbf06fb58u, 0xbd14f209u, 0x3ee8ba2fu, 0x3f72094fu, 0x3fb7dac3u, 0xbe8253c8u, 0xc04253c8u, 0xc0ba2e8cu, 0xc109999au,
    0xc0800000u, 0xbffdac38u, 0x3d14f209u, 0x40037dacu, 0x404a7905u, 0x401d1746u, 0x3fdf6b0eu, 0x3f84a790u, 0xbf437dacu, 0xc046fb58u, 0xc0ae8ba3u, 0xc0f9999au, 0xc0c00000u, 0xc01d1746u, 0x3f8ba2e9u, 0x40945d17u, 0x40cba2e9u, 0x408e8ba3u, 0x4022e8bau, 0x3f22e8bau, 0xbfa2e8bau, 0xc04ba2e9u, 0xc0a2e8bau, 0xc0e00000u,
    0xc0000000u, 0xc0345d17u, 0xc068ba2fu, 0xc08e8ba3u, 0xc088ba2fu, 0xc005d174u, 0x3dba2e8cu, 0x4011745du, 0x4082e8bau, 0x40b745d1u, 0x40eba2e9u, 0x41100000u, 0x3ecccccdu, 0x3ee8ba2fu, 0x3f0253c8u, 0x3f104a79u, 0x3f6d61bfu, 0x3ff45d17u, 0x403904a8u, 0x4077dac3u, 0x4081bed6u, 0x407586fbu, 0x4067904au, 0x4059999au,
    0x40333333u, 0x406e8ba3u, 0x4094f209u, 0x40b29e41u, 0x40c4129eu, 0x40bd1746u, 0x40b61bedu, 0x40af2095u, 0x408094f2u, 0x3ff904a8u, 0xbe0253c8u, 0xc00ccccdu, 0x404ccccdu, 0x40904a79u, 0x40ba2e8cu, 0x40e4129eu, 0x40f1745du, 0x40c5d174u, 0x409a2e8cu, 0x405d1746u, 0x3fdd1746u, 0xbe3a2e8cu, 0xc005d174u, 0xc0800000u,
    0x3fcccccdu, 0x40333333u, 0x40800000u, 0x40a66666u, 0x40a5d174u, 0x402e8ba3u, 0x3e8ba2e9u, 0xc00ba2e9u, 0xc0345d17u, 0xc022e8bau, 0xc011745du, 0xc0000000u, 0x00000000u, 0x3f8ba2e9u, 0x400ba2e9u, 0x4051745du, 0x40345d17u, 0xbf3a2e8cu, 0xc088ba2fu, 0xc0fa2e8cu, 0xc0eba2e9u, 0xc09d1746u, 0xc01d1746u, 0x00000000u,
};
static const nnef_run_tensor nrs_upsample_aligned_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d87, 0},
};
static const nnef_run_tensor nrs_upsample_aligned_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 12}, nrs_d88, 0},
};
/* multilinear_upsample aligned border reflect-even, factor [2, 3] */
static const char nrs_upsample_aligned_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_aligned_reflect_even( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 3], method = 'aligned', border = 'reflect-even');\n"
    "}\n";
static const uint32_t nrs_d89[] = {
    0xc0e00000u, 0x40f00000u, 0x40d00000u, 0x40200000u, 0xc0200000u, 0x41000000u, 0xc0400000u, 0xc0400000u, 0xc0200000u, 0xc0200000u, 0xc1000000u, 0x40800000u, 0xc0000000u, 0x40f00000u, 0x40000000u, 0x40b00000u, 0x40400000u, 0xc0e00000u, 0x40200000u, 0xc0e00000u, 0x40f00000u, 0x40c00000u, 0xc1000000u, 0x40a00000u,
    0xc1000000u, 0xc0000000u, 0xbf800000u, 0xc0600000u, 0xbfc00000u, 0x40e00000u,
};
static const uint32_t nrs_d90[] = {
    0xc0e00000u, 0xbf0e38e4u, 0x40bc71c7u, 0x40e55555u, 0x40d71c72u, 0x40b38e39u, 0x40755555u, 0x3ff8e38eu, 0xbe8e38e4u, 0xc0200000u, 0x41000000u, 0x40471c72u, 0xbfe38e39u, 0xc0400000u, 0xc0400000u, 0xc038e38eu, 0xc02aaaabu, 0xc0200000u, 0xc0200000u, 0xc0200000u, 0xc1000000u, 0xc02aaaabu, 0x402aaaabu, 0x40000000u,
    0xbf2aaaabu, 0x3de38e39u, 0x408aaaabu, 0x40dc71c7u, 0x408e38e4u, 0x40000000u, 0x40b00000u, 0x408c71c7u, 0x4051c71cu, 0xbeaaaaabu, 0xc098e38eu, 0xc09c71c7u, 0xbf2aaaabu, 0x3fb8e38eu, 0xc031c71cu, 0xc0e00000u, 0x40f00000u, 0x40daaaabu, 0x40c55555u, 0x3faaaaabu, 0xc09c71c7u, 0xc0a38e39u, 0x3f2aaaabu, 0x40638e39u,
    0xc00e38e4u, 0xc1000000u, 0xc0000000u, 0xbfc71c72u, 0xbf8e38e4u, 0xbfeaaaabu, 0xc03c71c7u, 0xc0438e39u, 0xc00aaaabu, 0xbf0e38e4u, 0x404e38e4u, 0x40e00000u,
};
static const nnef_run_tensor nrs_upsample_aligned_1d_f2_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 3, 5}, nrs_d89, 0},
};
static const nnef_run_tensor nrs_upsample_aligned_1d_f2_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 3, 10}, nrs_d90, 0},
};
/* multilinear_upsample aligned 1-D factor 2, constant, dyadic */
static const char nrs_upsample_aligned_1d_f2_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_aligned_1d_f2( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 3, 5]);\n"
    "    y = multilinear_upsample(x, factor = [2], method = 'aligned', border = 'constant');\n"
    "}\n";
static const uint32_t nrs_d91[] = {
    0xc1100000u, 0xc0a00000u, 0x41100000u, 0xbf800000u, 0x40400000u, 0x40e00000u, 0xbf800000u, 0xc0a00000u,
};
static const uint32_t nrs_d92[] = {
    0xc1100000u, 0xc0fd1746u, 0xc0da2e8cu, 0xc0b745d1u, 0xc06e8ba3u, 0x3dba2e8cu, 0x407a2e8cu, 0x40f745d1u, 0x40e5d174u, 0x408e8ba3u, 0x3fdd1746u, 0xbf800000u, 0x40400000u, 0x4082e8bau, 0x40a5d174u, 0x40c8ba2fu, 0x40c8ba2fu, 0x4082e8bau, 0x3ff45d17u, 0xbe8ba2e9u, 0xbfdd1746u, 0xc0345d17u, 0xc07a2e8cu, 0xc0a00000u,
};
static const nnef_run_tensor nrs_upsample_aligned_1d_f3_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 2, 4}, nrs_d91, 0},
};
static const nnef_run_tensor nrs_upsample_aligned_1d_f3_out[] = {
    {"y", NNX_FLOAT32, 3, {1, 2, 12}, nrs_d92, 0},
};
/* multilinear_upsample aligned 1-D factor 3, replicate */
static const char nrs_upsample_aligned_1d_f3_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_aligned_1d_f3( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4]);\n"
    "    y = multilinear_upsample(x, factor = [3], method = 'aligned', border = 'replicate');\n"
    "}\n";
static const uint32_t nrs_d93[] = {
    0x40600000u, 0x40b00000u, 0xc0400000u, 0xbf800000u, 0xc0000000u, 0xc0b00000u, 0xc0600000u, 0xc0600000u, 0xc0b00000u,
};
static const uint32_t nrs_d94[] = {
    0x40600000u, 0x4089999au, 0x40a33333u, 0x40733333u, 0x3ecccccdu, 0xc0400000u, 0x3fd9999au, 0x400147aeu, 0x4015c28fu, 0x3f99999au, 0xbfb33333u, 0xc0800000u, 0xbdcccccdu, 0xbe851eb8u, 0xbed70a3du, 0xbfb33333u, 0xc04ccccdu, 0xc0a00000u, 0xbfc00000u, 0xbfe8f5c3u, 0xc008f5c3u, 0xc03c28f6u, 0xc0870a3du, 0xc0b00000u,
    0xc0200000u, 0xc02a3d71u, 0xc0347ae1u, 0xc05ae148u, 0xc08eb852u, 0xc0b00000u, 0xc0600000u, 0xc0600000u, 0xc0600000u, 0xc079999au, 0xc0966666u, 0xc0b00000u,
};
static const nnef_run_tensor nrs_upsample_aligned_2d_f2_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 1, 3, 3}, nrs_d93, 0},
};
static const nnef_run_tensor nrs_upsample_aligned_2d_f2_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 1, 6, 6}, nrs_d94, 0},
};
/* multilinear_upsample aligned 2-D factor [2, 2] reflect-even */
static const char nrs_upsample_aligned_2d_f2_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_aligned_2d_f2( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 3, 3]);\n"
    "    y = multilinear_upsample(x, factor = [2, 2], method = 'aligned', border = 'reflect-even');\n"
    "}\n";
static const uint32_t nrs_d95[] = {
    0xc0400000u, 0x00000000u, 0x00000000u, 0xbf800000u, 0xbf800000u, 0xc1000000u,
};
static const uint32_t nrs_d96[] = {
    0xc0400000u, 0xbfe66666u, 0xbf19999au, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0400000u, 0xbfe66666u, 0xbf19999au, 0x00000000u, 0x00000000u, 0x00000000u, 0xc0400000u, 0xbfe66666u, 0xbf19999au, 0x00000000u, 0x00000000u, 0x00000000u, 0xbf800000u, 0xbf800000u, 0xbf800000u, 0xc019999au, 0xc0a66666u, 0xc1000000u,
    0xbf800000u, 0xbf800000u, 0xbf800000u, 0xc019999au, 0xc0a66666u, 0xc1000000u, 0xbf800000u, 0xbf800000u, 0xbf800000u, 0xc019999au, 0xc0a66666u, 0xc1000000u,
};
static const nnef_run_tensor nrs_upsample_aligned_extent1_constant_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 1, 3}, nrs_d95, 0},
};
static const nnef_run_tensor nrs_upsample_aligned_extent1_constant_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 3, 6}, nrs_d96, 0},
};
/* multilinear_upsample aligned with an extent-1 axis (§7 #21: copies), border constant */
static const char nrs_upsample_aligned_extent1_constant_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_aligned_extent1_constant( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 1, 3]);\n"
    "    y = multilinear_upsample(x, factor = [3, 2], method = 'aligned', border = 'constant');\n"
    "}\n";
static const uint32_t nrs_d97[] = {
    0x40c00000u, 0x40400000u, 0x3f800000u, 0xc0e00000u, 0x40c00000u, 0x41100000u,
};
static const uint32_t nrs_d98[] = {
    0x40c00000u, 0x4099999au, 0x40666666u, 0x40266666u, 0x3fe66666u, 0x3f800000u, 0x40c00000u, 0x4099999au, 0x40666666u, 0x40266666u, 0x3fe66666u, 0x3f800000u, 0x40c00000u, 0x4099999au, 0x40666666u, 0x40266666u, 0x3fe66666u, 0x3f800000u, 0xc0e00000u, 0xbfe66666u, 0x4059999au, 0x40d33333u, 0x40f9999au, 0x41100000u,
    0xc0e00000u, 0xbfe66666u, 0x4059999au, 0x40d33333u, 0x40f9999au, 0x41100000u, 0xc0e00000u, 0xbfe66666u, 0x4059999au, 0x40d33333u, 0x40f9999au, 0x41100000u,
};
static const nnef_run_tensor nrs_upsample_aligned_extent1_replicate_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 1, 3}, nrs_d97, 0},
};
static const nnef_run_tensor nrs_upsample_aligned_extent1_replicate_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 3, 6}, nrs_d98, 0},
};
/* multilinear_upsample aligned with an extent-1 axis (§7 #21: copies), border replicate */
static const char nrs_upsample_aligned_extent1_replicate_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_aligned_extent1_replicate( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 1, 3]);\n"
    "    y = multilinear_upsample(x, factor = [3, 2], method = 'aligned', border = 'replicate');\n"
    "}\n";
static const uint32_t nrs_d99[] = {
    0x40c00000u, 0x40800000u, 0xc1000000u, 0x40c00000u, 0xc0800000u, 0x40000000u,
};
static const uint32_t nrs_d100[] = {
    0x40c00000u, 0x40a66666u, 0x408ccccdu, 0x3fcccccdu, 0xc04ccccdu, 0xc1000000u, 0x40c00000u, 0x40a66666u, 0x408ccccdu, 0x3fcccccdu, 0xc04ccccdu, 0xc1000000u, 0x40c00000u, 0x40a66666u, 0x408ccccdu, 0x3fcccccdu, 0xc04ccccdu, 0xc1000000u, 0x40c00000u, 0x40000000u, 0xc0000000u, 0xc0333333u, 0xbecccccdu, 0x40000000u,
    0x40c00000u, 0x40000000u, 0xc0000000u, 0xc0333333u, 0xbecccccdu, 0x40000000u, 0x40c00000u, 0x40000000u, 0xc0000000u, 0xc0333333u, 0xbecccccdu, 0x40000000u,
};
static const nnef_run_tensor nrs_upsample_aligned_extent1_reflect_even_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 1, 3}, nrs_d99, 0},
};
static const nnef_run_tensor nrs_upsample_aligned_extent1_reflect_even_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 3, 6}, nrs_d100, 0},
};
/* multilinear_upsample aligned with an extent-1 axis (§7 #21: copies), border reflect-even */
static const char nrs_upsample_aligned_extent1_reflect_even_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_aligned_extent1_reflect_even( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 1, 3]);\n"
    "    y = multilinear_upsample(x, factor = [3, 2], method = 'aligned', border = 'reflect-even');\n"
    "}\n";
static const uint32_t nrs_d101[] = {
    0xbf800000u, 0xc0800000u, 0xbf800000u, 0xc0400000u, 0xc0d00000u, 0x41000000u, 0xc0a00000u, 0xc0600000u, 0xc1000000u, 0x40800000u, 0xc0200000u, 0xc0000000u, 0x3f000000u, 0xc0c00000u, 0xbf000000u, 0xc1000000u, 0xc0400000u, 0xc0900000u, 0x40000000u, 0x00000000u, 0x40900000u, 0xc0200000u, 0xc0c00000u, 0xc0600000u,
};
static const uint32_t nrs_d102[] = {
    0xbf100000u, 0xbfa80000u, 0xc01c0000u, 0xc01c0000u, 0xbfa80000u, 0xbf900000u, 0xbff00000u, 0xbfd80000u, 0xbfe40000u, 0xc0020000u, 0xbfac0000u, 0xbfa00000u, 0xbfe00000u, 0xc0120000u, 0xc0360000u, 0xc0160000u, 0xc0760000u, 0xc0260000u, 0x401e0000u, 0x40300000u, 0xbfe00000u, 0xc0760000u, 0xc0620000u, 0xc0220000u,
    0xc0a50000u, 0xc05a0000u, 0x40620000u, 0x40850000u, 0xbfc40000u, 0xc0820000u, 0xc05c0000u, 0xc0160000u, 0xc0b70000u, 0xc08f0000u, 0x3fec0000u, 0x403e0000u, 0xbf8c0000u, 0xc03c0000u, 0xc0240000u, 0xbfe40000u, 0xc0900000u, 0xc0700000u, 0x3f400000u, 0x3fe40000u, 0xbf280000u, 0xbfe40000u, 0xbfcc0000u, 0xbf900000u,
    0x3e900000u, 0xbf580000u, 0xc0520000u, 0xc05e0000u, 0xbfb40000u, 0xbfe40000u, 0xc0930000u, 0xc0900000u, 0xbe900000u, 0xbfd80000u, 0xc08a0000u, 0xc0860000u, 0xbfa80000u, 0xbfb40000u, 0xc08f0000u, 0xc0900000u, 0xbfcc0000u, 0xc0340000u, 0xc0860000u, 0xc0540000u, 0xbe400000u, 0x3f080000u, 0xbf940000u, 0xbfc00000u,
    0xbf580000u, 0xbfec0000u, 0xc0520000u, 0xc0400000u, 0xbf800000u, 0xbe600000u, 0xbf280000u, 0xbf280000u, 0x3ffc0000u, 0x3f9c0000u, 0xbfcc0000u, 0xc0500000u, 0xc0700000u, 0xc06a0000u, 0xc03e0000u, 0xbffc0000u, 0x40220000u, 0x40040000u, 0xbf100000u, 0xc0220000u, 0xc0760000u, 0xc0810000u, 0xc0460000u, 0xbffc0000u,
};
static const nnef_run_tensor nrs_upsample_symmetric_golden_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 3, 4}, nrs_d101, 0},
};
static const nnef_run_tensor nrs_upsample_symmetric_golden_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 6, 8}, nrs_d102, 0},
};
/* symmetric factor 2 constant = deconv with [0.25, 0.75, 0.75, 0.25] outer product, padding (1,1) (asserted by the generator) */
static const char nrs_upsample_symmetric_golden_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_symmetric_golden( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 3, 4]);\n"
    "    y = multilinear_upsample(x, factor = [2, 2], method = 'symmetric', border = 'constant');\n"
    "}\n";
static const uint32_t nrs_d103[] = {
    0xc0e00000u, 0x40000000u, 0x40d00000u, 0xc1000000u, 0x41000000u, 0xc0600000u, 0xbfc00000u, 0x40a00000u, 0xc0a00000u, 0xc0a00000u, 0xbfc00000u, 0xc0b00000u, 0x00000000u, 0xc0000000u, 0xc0400000u, 0x40f00000u, 0x40600000u, 0x41000000u, 0x40000000u, 0x40a00000u, 0x40b00000u, 0x40800000u, 0xc0900000u, 0xc0400000u,
};
static const uint32_t nrs_d104[] = {
    0xc0e00000u, 0xc0200000u, 0x40000000u, 0x40880000u, 0x40d00000u, 0x40500000u, 0xc0f00000u, 0xbfa00000u, 0x40a00000u, 0x40500000u, 0x3fc00000u, 0x3f400000u, 0xc1000000u, 0x00000000u, 0x41000000u, 0x40100000u, 0xc0600000u, 0xbfe00000u, 0xc0980000u, 0x3f600000u, 0x40d00000u, 0x3f900000u, 0xc0880000u, 0xc0080000u,
    0xbfc00000u, 0x3fe00000u, 0x40a00000u, 0x00000000u, 0xc0a00000u, 0xc0200000u, 0xc0500000u, 0xbf400000u, 0x3fe00000u, 0xbfe00000u, 0xc0a80000u, 0xc0280000u, 0xc0a00000u, 0xc0500000u, 0xbfc00000u, 0xc0600000u, 0xc0b00000u, 0xc0300000u, 0xc0200000u, 0xbfd00000u, 0xbf400000u, 0xbfe00000u, 0xc0300000u, 0xbfb00000u,
    0x00000000u, 0xbf800000u, 0xc0000000u, 0xc0200000u, 0xc0400000u, 0xbfc00000u, 0x40700000u, 0x40100000u, 0x3f400000u, 0x3fd00000u, 0x40200000u, 0x3fa00000u, 0x40f00000u, 0x40b00000u, 0x40600000u, 0x40b80000u, 0x41000000u, 0x40800000u, 0x40980000u, 0x40900000u, 0x40880000u, 0x40b00000u, 0x40d80000u, 0x40580000u,
    0x40000000u, 0x40600000u, 0x40a00000u, 0x40a80000u, 0x40b00000u, 0x40300000u, 0x40400000u, 0x3fd00000u, 0x3e800000u, 0x3f400000u, 0x3fa00000u, 0x3f200000u, 0x40800000u, 0xbe800000u, 0xc0900000u, 0xc0700000u, 0xc0400000u, 0xbfc00000u, 0x40000000u, 0xbe000000u, 0xc0100000u, 0xbff00000u, 0xbfc00000u, 0xbf400000u,
};
static const nnef_run_tensor nrs_upsample_asymmetric_golden_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 3}, nrs_d103, 0},
};
static const nnef_run_tensor nrs_upsample_asymmetric_golden_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 8, 6}, nrs_d104, 0},
};
/* asymmetric factor 2 constant = deconv with [0.5, 1.0, 0.5] outer product, padding (1,0) (asserted by the generator) */
static const char nrs_upsample_asymmetric_golden_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_asymmetric_golden( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 3]);\n"
    "    y = multilinear_upsample(x, factor = [2, 2], method = 'asymmetric', border = 'constant');\n"
    "}\n";
static const uint32_t nrs_d105[] = {
    0xc0b00000u, 0x3f800000u, 0x40c00000u,
};
static const uint32_t nrs_d106[] = {
    0xc0b00000u, 0xc0b00000u, 0xc0960000u, 0xc0440000u, 0xbfb80000u, 0x3e400000u, 0x3fd00000u, 0x40380000u, 0x40840000u, 0x40ac0000u, 0x40c00000u, 0x40c00000u,
};
static const nnef_run_tensor nrs_upsample_default_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 1, 3}, nrs_d105, 0},
};
static const nnef_run_tensor nrs_upsample_default_out[] = {
    {"y", NNX_FLOAT32, 3, {1, 1, 12}, nrs_d106, 0},
};
/* multilinear_upsample defaults (symmetric, replicate), factor 4, rank 3 */
static const char nrs_upsample_default_doc[] =
    "version 1.0;\n"
    "\n"
    "graph upsample_default( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 1, 3]);\n"
    "    y = multilinear_upsample(x, factor = [4]);\n"
    "}\n";
static const uint32_t nrs_d107[] = {
    0x40a00000u, 0x41000000u, 0x40400000u, 0xc1100000u, 0xc0800000u, 0x40000000u, 0x40a00000u, 0x41100000u, 0xc0400000u, 0x3f800000u, 0xc0800000u, 0xc0000000u,
};
static const uint32_t nrs_d108[] = {
    0x40a00000u, 0x40a00000u, 0x40a00000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x40400000u, 0x40400000u, 0x40400000u, 0x40a00000u, 0x40a00000u, 0x40a00000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x40400000u, 0x40400000u, 0x40400000u, 0xc1100000u, 0xc1100000u, 0xc1100000u, 0xc0800000u, 0xc0800000u, 0xc0800000u,
    0x40000000u, 0x40000000u, 0x40000000u, 0xc1100000u, 0xc1100000u, 0xc1100000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0x40000000u, 0x40000000u, 0x40000000u, 0x40a00000u, 0x40a00000u, 0x40a00000u, 0x41100000u, 0x41100000u, 0x41100000u, 0xc0400000u, 0xc0400000u, 0xc0400000u, 0x40a00000u, 0x40a00000u, 0x40a00000u,
    0x41100000u, 0x41100000u, 0x41100000u, 0xc0400000u, 0xc0400000u, 0xc0400000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0000000u, 0xc0000000u, 0xc0000000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0xc0800000u, 0xc0800000u, 0xc0800000u, 0xc0000000u, 0xc0000000u, 0xc0000000u,
};
static const nnef_run_tensor nrs_nearest_upsample_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 2, 3}, nrs_d107, 0},
};
static const nnef_run_tensor nrs_nearest_upsample_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 4, 9}, nrs_d108, 0},
};
/* nearest_upsample factor [2, 3] (debox): each value repeated */
static const char nrs_nearest_upsample_doc[] =
    "version 1.0;\n"
    "\n"
    "graph nearest_upsample( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 2, 3]);\n"
    "    y = nearest_upsample(x, factor = [2, 3]);\n"
    "}\n";
static const uint32_t nrs_d109[] = {
    0x00000000u, 0x3f800000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x40c00000u,
};
static const uint32_t nrs_d110[] = {
    0x00000000u, 0x00000000u, 0x00000000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x41000000u, 0x40c00000u, 0x40c00000u, 0x40c00000u,
};
static const nnef_run_tensor nrs_nearest_upsample_1d_in[] = {
    {"x", NNX_FLOAT32, 3, {2, 1, 3}, nrs_d109, 0},
};
static const nnef_run_tensor nrs_nearest_upsample_1d_out[] = {
    {"y", NNX_FLOAT32, 3, {2, 1, 9}, nrs_d110, 0},
};
/* nearest_upsample 1-D factor 3 */
static const char nrs_nearest_upsample_1d_doc[] =
    "version 1.0;\n"
    "\n"
    "graph nearest_upsample_1d( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [2, 1, 3]);\n"
    "    y = nearest_upsample(x, factor = [3]);\n"
    "}\n";
static const uint32_t nrs_d111[] = {
    0xbf800000u, 0xc0e00000u, 0xc0a00000u, 0x40c00000u, 0x40c00000u, 0xc0800000u, 0x40000000u, 0xc0000000u, 0x40c00000u, 0xc0800000u, 0x40400000u, 0x00000000u, 0x41100000u, 0xc0400000u, 0xc0c00000u, 0xc0800000u, 0x41100000u, 0xc0a00000u, 0x40000000u, 0x40c00000u, 0x40000000u, 0xc0a00000u, 0x41000000u, 0x40e00000u,
    0x40a00000u, 0x40400000u, 0xc0400000u, 0x40000000u, 0x40400000u, 0xc0c00000u, 0xc1100000u, 0xc0e00000u, 0xc0e00000u, 0xc1100000u, 0xc1100000u, 0xc0e00000u, 0xc0400000u, 0x3f800000u, 0xbf800000u, 0xc0c00000u, 0x3f800000u, 0x41100000u, 0x41100000u, 0xbf800000u, 0xc0000000u, 0x00000000u, 0xc1000000u, 0xc0000000u,
};
static const uint32_t nrs_d112[] = {
    0xbf800000u, 0x40c00000u, 0x41100000u, 0xc0800000u, 0x40a00000u, 0x40000000u, 0xc0400000u, 0xc0c00000u,
};
static const nnef_run_tensor nrs_nearest_downsample_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 6}, nrs_d111, 0},
};
static const nnef_run_tensor nrs_nearest_downsample_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 2, 2}, nrs_d112, 0},
};
/* nearest_downsample factor [2, 3] (box size 1, stride f) */
static const char nrs_nearest_downsample_doc[] =
    "version 1.0;\n"
    "\n"
    "graph nearest_downsample( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 6]);\n"
    "    y = nearest_downsample(x, factor = [2, 3]);\n"
    "}\n";
static const uint32_t nrs_d113[] = {
    0xbf800000u, 0xc0e00000u, 0xc0a00000u, 0x40c00000u, 0x40c00000u, 0xc0800000u, 0x40000000u, 0xc0000000u, 0x40c00000u, 0xc0800000u, 0x40400000u, 0x00000000u, 0x41100000u, 0xc0400000u, 0xc0c00000u, 0xc0800000u, 0x41100000u, 0xc0a00000u, 0x40000000u, 0x40c00000u, 0x40000000u, 0xc0a00000u, 0x41000000u, 0x40e00000u,
    0x40a00000u, 0x40400000u, 0xc0400000u, 0x40000000u, 0x40400000u, 0xc0c00000u, 0xc1100000u, 0xc0e00000u, 0xc0e00000u, 0xc1100000u, 0xc1100000u, 0xc0e00000u, 0xc0400000u, 0x3f800000u, 0xbf800000u, 0xc0c00000u, 0x3f800000u, 0x41100000u, 0x41100000u, 0xbf800000u, 0xc0000000u, 0x00000000u, 0xc1000000u, 0xc0000000u,
};
static const uint32_t nrs_d114[] = {
    0xbf955555u, 0x3f955555u, 0x3fd55555u, 0x3fd55555u, 0xc0400000u, 0xc08aaaabu, 0x3f000000u, 0xbf800000u,
};
static const nnef_run_tensor nrs_area_downsample_in[] = {
    {"x", NNX_FLOAT32, 4, {1, 2, 4, 6}, nrs_d113, 0},
};
static const nnef_run_tensor nrs_area_downsample_out[] = {
    {"y", NNX_FLOAT32, 4, {1, 2, 2, 2}, nrs_d114, 0},
};
/* area_downsample factor [2, 3] (box normalize): block means */
static const char nrs_area_downsample_doc[] =
    "version 1.0;\n"
    "\n"
    "graph area_downsample( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 2, 4, 6]);\n"
    "    y = area_downsample(x, factor = [2, 3]);\n"
    "}\n";
static const uint32_t nrs_d115[] = {
    0xbf800000u, 0xc0a00000u, 0xbf800000u, 0xbf800000u, 0x3f800000u, 0xc1100000u, 0x41100000u, 0xc0800000u, 0xc0400000u, 0x40a00000u, 0xc0400000u, 0xc1000000u, 0x40e00000u, 0xc0400000u, 0x41000000u, 0x40e00000u, 0x41000000u, 0xc0000000u, 0x40c00000u, 0xc1000000u, 0xc1100000u, 0x40800000u, 0x40e00000u, 0xc1000000u,
};
static const uint32_t nrs_d116[] = {
    0xc0000000u, 0xbf400000u, 0xc0100000u, 0x40980000u, 0x3f800000u, 0xbfc00000u,
};
static const nnef_run_tensor nrs_area_downsample_1d_in[] = {
    {"x", NNX_FLOAT32, 3, {1, 3, 8}, nrs_d115, 0},
};
static const nnef_run_tensor nrs_area_downsample_1d_out[] = {
    {"y", NNX_FLOAT32, 3, {1, 3, 2}, nrs_d116, 0},
};
/* area_downsample 1-D factor 4 */
static const char nrs_area_downsample_1d_doc[] =
    "version 1.0;\n"
    "\n"
    "graph area_downsample_1d( x ) -> ( y )\n"
    "{\n"
    "    x = external<scalar>(shape = [1, 3, 8]);\n"
    "    y = area_downsample(x, factor = [4]);\n"
    "}\n";
static const uint64_t nrs_d117[] = {
    0x3ffc000000000000ull, 0xbfe0000000000000ull, 0x3fe8000000000000ull, 0xbfd0000000000000ull, 0xbfd0000000000000ull, 0x3fe0000000000000ull,
};
static const uint64_t nrs_d118[] = {
    0x3ffc000000000000ull, 0x3fe4000000000000ull, 0xbfe0000000000000ull, 0x3fc0000000000000ull, 0x3fe8000000000000ull, 0x3fe8000000000000ull, 0x3fe8000000000000ull, 0x3fc8000000000000ull, 0xbfd8000000000000ull, 0x3fc0000000000000ull, 0x3fe4000000000000ull, 0x3fe4000000000000ull, 0xbfd0000000000000ull, 0xbfd0000000000000ull, 0xbfd0000000000000ull, 0x3fc0000000000000ull, 0x3fe0000000000000ull, 0x3fe0000000000000ull, 0xbfd0000000000000ull, 0xbfd0000000000000ull, 0xbfd0000000000000ull, 0x3fc0000000000000ull, 0x3fe0000000000000ull, 0x3fe0000000000000ull,
};
static const nnef_run_tensor nrs_core_upsample_float64_channels[] = {
    {"in0", NNX_FLOAT64, 3, {1, 2, 3}, nrs_d117, 0},
    {"out", NNX_FLOAT64, 3, {1, 4, 6}, nrs_d118, 0},
};

static const nnef_run_case nrs_cases[] = {
    {"debox_ignore", nrs_debox_ignore_doc, 1, nrs_debox_ignore_in, 1, nrs_debox_ignore_out},
    {"debox_norm_ignore", nrs_debox_norm_ignore_doc, 1, nrs_debox_norm_ignore_in, 1, nrs_debox_norm_ignore_out},
    {"debox_constant", nrs_debox_constant_doc, 1, nrs_debox_constant_in, 1, nrs_debox_constant_out},
    {"debox_norm_constant", nrs_debox_norm_constant_doc, 1, nrs_debox_norm_constant_in, 1, nrs_debox_norm_constant_out},
    {"debox_replicate", nrs_debox_replicate_doc, 1, nrs_debox_replicate_in, 1, nrs_debox_replicate_out},
    {"debox_norm_replicate", nrs_debox_norm_replicate_doc, 1, nrs_debox_norm_replicate_in, 1, nrs_debox_norm_replicate_out},
    {"debox_reflect", nrs_debox_reflect_doc, 1, nrs_debox_reflect_in, 1, nrs_debox_reflect_out},
    {"debox_norm_reflect", nrs_debox_norm_reflect_doc, 1, nrs_debox_norm_reflect_in, 1, nrs_debox_norm_reflect_out},
    {"debox_reflect_even", nrs_debox_reflect_even_doc, 1, nrs_debox_reflect_even_in, 1, nrs_debox_reflect_even_out},
    {"debox_norm_reflect_even", nrs_debox_norm_reflect_even_doc, 1, nrs_debox_norm_reflect_even_in, 1, nrs_debox_norm_reflect_even_out},
    {"debox_auto", nrs_debox_auto_doc, 1, nrs_debox_auto_in, 1, nrs_debox_auto_out},
    {"debox_auto_output_shape", nrs_debox_auto_output_shape_doc, 1, nrs_debox_auto_output_shape_in, 1, nrs_debox_auto_output_shape_out},
    {"debox_output_shape", nrs_debox_output_shape_doc, 1, nrs_debox_output_shape_in, 1, nrs_debox_output_shape_out},
    {"debox_negative_padding", nrs_debox_negative_padding_doc, 1, nrs_debox_negative_padding_in, 1, nrs_debox_negative_padding_out},
    {"debox_channels", nrs_debox_channels_doc, 1, nrs_debox_channels_in, 1, nrs_debox_channels_out},
    {"debox_rank1_reflect", nrs_debox_rank1_reflect_doc, 1, nrs_debox_rank1_reflect_in, 1, nrs_debox_rank1_reflect_out},
    {"debox_norm_output_shape", nrs_debox_norm_output_shape_doc, 1, nrs_debox_norm_output_shape_in, 1, nrs_debox_norm_output_shape_out},
    {"desample_collide", nrs_desample_collide_doc, 2, nrs_desample_collide_in, 1, nrs_desample_collide_out},
    {"desample_stride", nrs_desample_stride_doc, 2, nrs_desample_stride_in, 1, nrs_desample_stride_out},
    {"desample_dilation", nrs_desample_dilation_doc, 2, nrs_desample_dilation_in, 1, nrs_desample_dilation_out},
    {"desample_auto", nrs_desample_auto_doc, 2, nrs_desample_auto_in, 1, nrs_desample_auto_out},
    {"desample_output_shape", nrs_desample_output_shape_doc, 2, nrs_desample_output_shape_in, 1, nrs_desample_output_shape_out},
    {"desample_negative_padding", nrs_desample_negative_padding_doc, 2, nrs_desample_negative_padding_in, 1, nrs_desample_negative_padding_out},
    {"upsample_symmetric_constant", nrs_upsample_symmetric_constant_doc, 1, nrs_upsample_symmetric_constant_in, 1, nrs_upsample_symmetric_constant_out},
    {"upsample_symmetric_replicate", nrs_upsample_symmetric_replicate_doc, 1, nrs_upsample_symmetric_replicate_in, 1, nrs_upsample_symmetric_replicate_out},
    {"upsample_symmetric_reflect", nrs_upsample_symmetric_reflect_doc, 1, nrs_upsample_symmetric_reflect_in, 1, nrs_upsample_symmetric_reflect_out},
    {"upsample_symmetric_reflect_even", nrs_upsample_symmetric_reflect_even_doc, 1, nrs_upsample_symmetric_reflect_even_in, 1, nrs_upsample_symmetric_reflect_even_out},
    {"upsample_symmetric_1d_f2", nrs_upsample_symmetric_1d_f2_doc, 1, nrs_upsample_symmetric_1d_f2_in, 1, nrs_upsample_symmetric_1d_f2_out},
    {"upsample_symmetric_1d_f3", nrs_upsample_symmetric_1d_f3_doc, 1, nrs_upsample_symmetric_1d_f3_in, 1, nrs_upsample_symmetric_1d_f3_out},
    {"upsample_symmetric_2d_f2", nrs_upsample_symmetric_2d_f2_doc, 1, nrs_upsample_symmetric_2d_f2_in, 1, nrs_upsample_symmetric_2d_f2_out},
    {"upsample_asymmetric_constant", nrs_upsample_asymmetric_constant_doc, 1, nrs_upsample_asymmetric_constant_in, 1, nrs_upsample_asymmetric_constant_out},
    {"upsample_asymmetric_replicate", nrs_upsample_asymmetric_replicate_doc, 1, nrs_upsample_asymmetric_replicate_in, 1, nrs_upsample_asymmetric_replicate_out},
    {"upsample_asymmetric_reflect", nrs_upsample_asymmetric_reflect_doc, 1, nrs_upsample_asymmetric_reflect_in, 1, nrs_upsample_asymmetric_reflect_out},
    {"upsample_asymmetric_reflect_even", nrs_upsample_asymmetric_reflect_even_doc, 1, nrs_upsample_asymmetric_reflect_even_in, 1, nrs_upsample_asymmetric_reflect_even_out},
    {"upsample_asymmetric_1d_f2", nrs_upsample_asymmetric_1d_f2_doc, 1, nrs_upsample_asymmetric_1d_f2_in, 1, nrs_upsample_asymmetric_1d_f2_out},
    {"upsample_asymmetric_1d_f3", nrs_upsample_asymmetric_1d_f3_doc, 1, nrs_upsample_asymmetric_1d_f3_in, 1, nrs_upsample_asymmetric_1d_f3_out},
    {"upsample_asymmetric_2d_f2", nrs_upsample_asymmetric_2d_f2_doc, 1, nrs_upsample_asymmetric_2d_f2_in, 1, nrs_upsample_asymmetric_2d_f2_out},
    {"upsample_aligned_constant", nrs_upsample_aligned_constant_doc, 1, nrs_upsample_aligned_constant_in, 1, nrs_upsample_aligned_constant_out},
    {"upsample_aligned_replicate", nrs_upsample_aligned_replicate_doc, 1, nrs_upsample_aligned_replicate_in, 1, nrs_upsample_aligned_replicate_out},
    {"upsample_aligned_reflect", nrs_upsample_aligned_reflect_doc, 1, nrs_upsample_aligned_reflect_in, 1, nrs_upsample_aligned_reflect_out},
    {"upsample_aligned_reflect_even", nrs_upsample_aligned_reflect_even_doc, 1, nrs_upsample_aligned_reflect_even_in, 1, nrs_upsample_aligned_reflect_even_out},
    {"upsample_aligned_1d_f2", nrs_upsample_aligned_1d_f2_doc, 1, nrs_upsample_aligned_1d_f2_in, 1, nrs_upsample_aligned_1d_f2_out},
    {"upsample_aligned_1d_f3", nrs_upsample_aligned_1d_f3_doc, 1, nrs_upsample_aligned_1d_f3_in, 1, nrs_upsample_aligned_1d_f3_out},
    {"upsample_aligned_2d_f2", nrs_upsample_aligned_2d_f2_doc, 1, nrs_upsample_aligned_2d_f2_in, 1, nrs_upsample_aligned_2d_f2_out},
    {"upsample_aligned_extent1_constant", nrs_upsample_aligned_extent1_constant_doc, 1, nrs_upsample_aligned_extent1_constant_in, 1, nrs_upsample_aligned_extent1_constant_out},
    {"upsample_aligned_extent1_replicate", nrs_upsample_aligned_extent1_replicate_doc, 1, nrs_upsample_aligned_extent1_replicate_in, 1, nrs_upsample_aligned_extent1_replicate_out},
    {"upsample_aligned_extent1_reflect_even", nrs_upsample_aligned_extent1_reflect_even_doc, 1, nrs_upsample_aligned_extent1_reflect_even_in, 1, nrs_upsample_aligned_extent1_reflect_even_out},
    {"upsample_symmetric_golden", nrs_upsample_symmetric_golden_doc, 1, nrs_upsample_symmetric_golden_in, 1, nrs_upsample_symmetric_golden_out},
    {"upsample_asymmetric_golden", nrs_upsample_asymmetric_golden_doc, 1, nrs_upsample_asymmetric_golden_in, 1, nrs_upsample_asymmetric_golden_out},
    {"upsample_default", nrs_upsample_default_doc, 1, nrs_upsample_default_in, 1, nrs_upsample_default_out},
    {"nearest_upsample", nrs_nearest_upsample_doc, 1, nrs_nearest_upsample_in, 1, nrs_nearest_upsample_out},
    {"nearest_upsample_1d", nrs_nearest_upsample_1d_doc, 1, nrs_nearest_upsample_1d_in, 1, nrs_nearest_upsample_1d_out},
    {"nearest_downsample", nrs_nearest_downsample_doc, 1, nrs_nearest_downsample_in, 1, nrs_nearest_downsample_out},
    {"area_downsample", nrs_area_downsample_doc, 1, nrs_area_downsample_in, 1, nrs_area_downsample_out},
    {"area_downsample_1d", nrs_area_downsample_1d_doc, 1, nrs_area_downsample_1d_in, 1, nrs_area_downsample_1d_out},
};

static const nnef_run_core_case nrs_core_cases[] = {
    {"upsample_float64_channels", "multilinear_upsample", 1, nrs_core_upsample_float64_channels, {.upsample = {.factor = {1, 2, 2}, .method = NNX_UPSAMPLE_ASYMMETRIC, .border = NNX_WINDOW_REPLICATE}}},
};

#endif
