/* onnx_ops_nms.c — NonMaxSuppression (ONNX Operators, NonMaxSuppression, opsets 10/11),
 * computed at load time: its output [num_selected, 3] has a length that depends on the boxes
 * and scores, and core IR is static, so (as NonZero and Compress) it maps only when they are
 * known when the model is loaded (constants or known inputs). */
#include "formats/onnx/onnx_build.h"

#include <math.h>
#include <stdlib.h>

/* At most this many boxes per batch entry (the greedy selection is quadratic in them). */
#define NMS_MAX_BOXES 65536u

/* The corners (y1, x1, y2, x2) ordered low/high of box b, in float as the boxes are. */
static void corners(const float *b, bool center, float *ylo, float *xlo, float *yhi, float *xhi)
{
    if (center) { /* [x_center, y_center, width, height] */
        float xc = b[0], yc = b[1], w = b[2], h = b[3];
        *xlo = xc - w / 2, *xhi = xc + w / 2;
        *ylo = yc - h / 2, *yhi = yc + h / 2;
        return;
    }
    /* [y1, x1, y2, x2]: any diagonal pair of corners */
    *ylo = fminf(b[0], b[2]), *yhi = fmaxf(b[0], b[2]);
    *xlo = fminf(b[1], b[3]), *xhi = fmaxf(b[1], b[3]);
}

/* Whether box a suppresses box b: their intersection over union exceeds the threshold (a box
 * of no area suppresses nothing). */
static bool suppresses(const float *a, const float *b, bool center, float iou_threshold)
{
    float ay0, ax0, ay1, ax1, by0, bx0, by1, bx1;
    corners(a, center, &ay0, &ax0, &ay1, &ax1);
    corners(b, center, &by0, &bx0, &by1, &bx1);
    float area_a = (ay1 - ay0) * (ax1 - ax0), area_b = (by1 - by0) * (bx1 - bx0);
    if (area_a <= 0 || area_b <= 0)
        return false;
    float iy0 = fmaxf(ay0, by0), ix0 = fmaxf(ax0, bx0), iy1 = fminf(ay1, by1), ix1 = fminf(ax1, bx1);
    if (iy1 <= iy0 || ix1 <= ix0)
        return false;
    float inter = (iy1 - iy0) * (ix1 - ix0);
    float iou = inter / (area_a + area_b - inter);
    return iou > iou_threshold;
}

typedef struct {
    float score;
    uint32_t index;
} nms_cand;

/* Higher score first; equal scores keep the lower box index first. */
static int by_score(const void *pa, const void *pb)
{
    const nms_cand *a = pa, *b = pb;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* The known floats of value id into a new float array (caller frees); what names it. */
static nnx_status known_floats(ox *c, uint32_t id, const char *what, float **out, uint64_t *count)
{
    *out = NULL;
    nnx_operand_desc d = ox_desc(c, id);
    nnx_desc_elements(&d, count);
    if (d.dtype != NNX_FLOAT32)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%s of type %s is not supported (float32 only)", what,
                       nnx_dtype_name(d.dtype));
    const void *p = ox_known(c, id);
    if (!p)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "NonMaxSuppression on %s known only at run time is not supported yet: its output length "
                       "depends on them",
                       what);
    if (!(*out = ox_calloc(c, *count, sizeof **out)))
        return c->nerr.status; /* ox_calloc's reason */
    memcpy(*out, p, (size_t)*count * sizeof **out);
    return NNX_OK;
}

/* An optional scalar limit (NNX_NONE: absent, def). */
static nnx_status limit(ox *c, uint32_t id, const char *what, double def, double *v)
{
    *v = def;
    if (id == NNX_NONE)
        return NNX_OK;
    if (!ox_known(c, id))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "NonMaxSuppression with %s known only at run time is not supported yet: its output length "
                       "depends on it",
                       what);
    uint32_t k;
    CHECK(ox_doubles(c, id, what, v, 1, &k));
    if (k != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s must hold one value", what);
    return NNX_OK;
}

/* Greedy selection per (batch, class): candidates with score > score_threshold by decreasing
 * score, each kept unless a kept one suppresses it, at most max_output_boxes_per_class; rows
 * [batch, class, box] in batch, class, selection order. */
static nnx_status select_boxes(ox *c, const float *boxes, const float *scores, uint32_t nb, uint32_t ncls,
                               uint32_t nbox, bool center, int64_t max_out, float iou_t, bool has_st, float st_v,
                               int64_t **rows, uint64_t *n_rows)
{
    *rows = NULL;
    *n_rows = 0;
    uint64_t per = max_out < (int64_t)nbox ? (uint64_t)max_out : nbox, cap = (uint64_t)nb * ncls * per;
    nms_cand *cand = ox_calloc(c, nbox, sizeof *cand);
    uint32_t *kept = ox_calloc(c, nbox, sizeof *kept);
    int64_t *r = cand && kept ? ox_calloc(c, cap ? cap * 3 : 1, sizeof *r) : NULL;
    if (!r) {
        nnx_mem_free(c->ir->alloc, cand);
        nnx_mem_free(c->ir->alloc, kept);
        return c->nerr.status; /* ox_calloc's reason */
    }
    uint64_t k = 0;
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t cl = 0; cl < ncls; cl++) {
            const float *s = scores + ((uint64_t)b * ncls + cl) * nbox, *bx = boxes + (uint64_t)b * nbox * 4;
            uint32_t m = 0, nk = 0;
            for (uint32_t i = 0; i < nbox; i++)
                if (!has_st || s[i] > st_v)
                    cand[m++] = (nms_cand){s[i], i};
            qsort(cand, m, sizeof *cand, by_score);
            for (uint32_t i = 0; i < m && nk < per; i++) {
                bool keep = true;
                for (uint32_t j = 0; j < nk && keep; j++)
                    keep = !suppresses(bx + 4 * (uint64_t)kept[j], bx + 4 * (uint64_t)cand[i].index, center, iou_t);
                if (!keep)
                    continue;
                kept[nk++] = cand[i].index;
                r[3 * k] = b, r[3 * k + 1] = cl, r[3 * k + 2] = cand[i].index;
                k++;
            }
        }
    nnx_mem_free(c->ir->alloc, cand);
    nnx_mem_free(c->ir->alloc, kept);
    *rows = r;
    *n_rows = k;
    return NNX_OK;
}

nnx_status nnx_onnx_op_nms(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    if (n_in < 2 || in[0] == NNX_NONE || in[1] == NNX_NONE)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "boxes and scores are required");
    nnx_operand_desc bd = ox_desc(c, in[0]), sd = ox_desc(c, in[1]);
    if (bd.rank != 3 || bd.shape[2] != 4 || sd.rank != 3 || sd.shape[0] != bd.shape[0] || sd.shape[2] != bd.shape[1])
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT,
                       "boxes must be [batches, boxes, 4] and scores [batches, classes, boxes]");
    int64_t cpb = ox_attr_i(n, "center_point_box", 0);
    if (cpb != 0 && cpb != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "center_point_box %lld must be 0 or 1", (long long)cpb);
    if (bd.shape[1] > NMS_MAX_BOXES)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%u boxes: at most %u per batch are supported", bd.shape[1],
                       NMS_MAX_BOXES);
    double max_out, iou_t, st_v;
    /* max_output_boxes_per_class absent: 0, no output (ONNX Operators, NonMaxSuppression) */
    CHECK(limit(c, in_or_none(in, n_in, 2), "max_output_boxes_per_class", 0, &max_out));
    CHECK(limit(c, in_or_none(in, n_in, 3), "iou_threshold", 0, &iou_t));
    CHECK(limit(c, in_or_none(in, n_in, 4), "score_threshold", 0, &st_v));
    bool has_st = in_or_none(in, n_in, 4) != NNX_NONE;
    float *boxes, *scores = NULL;
    uint64_t nbx, nsc;
    CHECK(known_floats(c, in[0], "boxes", &boxes, &nbx));
    nnx_status st = known_floats(c, in[1], "scores", &scores, &nsc);
    int64_t *rows = NULL;
    uint64_t n_rows = 0;
    if (st == NNX_OK)
        st = select_boxes(c, boxes, scores, bd.shape[0], sd.shape[1], bd.shape[1], cpb == 1,
                          max_out < 0 ? 0 : ox_f2i(max_out), (float)iou_t, has_st, (float)st_v, &rows, &n_rows);
    nnx_mem_free(c->ir->alloc, boxes);
    nnx_mem_free(c->ir->alloc, scores);
    if (st == NNX_OK) { /* n_rows may be 0: an empty selection */
        nnx_operand_desc od = {NNX_INT64, 2, {(uint32_t)n_rows, 3}};
        st = ox_const(c, &od, rows, &out[0]);
    }
    nnx_mem_free(c->ir->alloc, rows);
    return st;
}
