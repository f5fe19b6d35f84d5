/* memplan.c — where each buffered value lives in a run's one arena (runtime/plan.h). A
 * value occupies its bytes from the step that produces it through the last step that reads
 * it (graph outputs and updated values: through the end, since they are read after the
 * run); values whose lifetimes do not overlap share bytes. Placement is first fit, in the
 * order values are produced. A step's outputs never share bytes with its inputs, so no
 * kernel reads memory it is writing; the output of an activation fused into its producer
 * (fuse.c), a view (views.c) and a concat's input made in its output (concat_in_place.c) are
 * their home value's bytes, which are placed when the first of them is made and live as long
 * as any of them is read. */
#include "runtime/plan.h"
#include "base/checked.h"
#include "ir/dtypes.h"

#include <string.h>

#define ALIGN 64
#define FOREVER UINT32_MAX

/* The last step reading each value (FOREVER for outputs and updated values). */
static void last_uses(const nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, uint32_t *end)
{
    const nnx_ir *ir = plan->ir;
    for (uint32_t k = 0; k < plan->n_order; k++) {
        const nnx_node *node = &ir->nodes[plan->order[k]];
        for (uint32_t i = 0; i < node->n_in; i++)
            if (node->in[i] != NNX_NONE)
                end[node->in[i]] = k;
        for (uint32_t o = 0; o < node->n_out; o++)
            if (end[node->out[o]] == 0)
                end[node->out[o]] = k; /* produced, never read: free after its own step */
    }
    for (uint32_t i = 0; i < n_outputs; i++)
        end[outputs[i]] = FOREVER;
    for (uint32_t u = 0; u < ir->n_updates; u++)
        end[ir->updates[u].value] = FOREVER;
    for (uint32_t v = 0; v < ir->n_values; v++) /* a fused activation's output lives in its producer's bytes */
        if (plan->alias[v] != NNX_NONE && end[v] > end[plan->alias[v]])
            end[plan->alias[v]] = end[v];
}

/* The live blocks: disjoint byte ranges, in a treap ordered by offset whose nodes also hold,
 * for their subtree, the lowest offset, the highest end of bytes and the largest gap between
 * two neighbouring blocks. First fit (the lowest-addressed gap that holds the size, else
 * after the last block) is then a walk down one path, and placing and freeing a block are
 * O(log n) expected: planning stays n log n when thousands of values live at once (graphs
 * with many outputs). The priorities come from the node index, so the tree, like the
 * placement (which depends only on the set of blocks), is the same on every run. */
#define NIL UINT32_MAX

typedef struct block {
    uint64_t offset, size;
    uint64_t lo, hi, gap; /* subtree: lowest offset, highest offset + size, largest inner gap */
    uint32_t left, right, prio;
    uint32_t next_free; /* the next block in the list of those freed at the same step */
} block;

static uint64_t max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }

static void pull(block *t, uint32_t i)
{
    block *b = &t[i];
    b->lo = b->left == NIL ? b->offset : t[b->left].lo;
    b->hi = b->right == NIL ? b->offset + b->size : t[b->right].hi;
    b->gap = 0;
    if (b->left != NIL)
        b->gap = max_u64(t[b->left].gap, b->offset - t[b->left].hi);
    if (b->right != NIL)
        b->gap = max_u64(b->gap, max_u64(t[b->right].gap, t[b->right].lo - (b->offset + b->size)));
}

/* Splits tree i into the blocks below offset (*l) and the others (*r). */
static void split(block *t, uint32_t i, uint64_t offset, uint32_t *l, uint32_t *r)
{
    if (i == NIL) {
        *l = *r = NIL;
    } else if (t[i].offset < offset) {
        split(t, t[i].right, offset, &t[i].right, r);
        pull(t, i);
        *l = i;
    } else {
        split(t, t[i].left, offset, l, &t[i].left);
        pull(t, i);
        *r = i;
    }
}

/* Joins l and r, every block of l below every block of r. */
static uint32_t merge(block *t, uint32_t l, uint32_t r)
{
    if (l == NIL)
        return r;
    if (r == NIL)
        return l;
    if (t[l].prio > t[r].prio) {
        t[l].right = merge(t, t[l].right, r);
        pull(t, l);
        return l;
    }
    t[r].left = merge(t, l, t[r].left);
    pull(t, r);
    return r;
}

/* Whether subtree i, whose blocks follow bytes ending at prev, has a gap of size bytes. */
static bool has_gap(const block *t, uint32_t i, uint64_t prev, uint64_t size)
{
    return i != NIL && (t[i].lo - prev >= size || t[i].gap >= size);
}

/* The offset of the first gap of size bytes in subtree i (has_gap holds), its blocks
 * following bytes ending at prev. */
static uint64_t first_gap(const block *t, uint32_t i, uint64_t prev, uint64_t size)
{
    for (;;) {
        const block *b = &t[i];
        if (has_gap(t, b->left, prev, size)) {
            i = b->left;
            continue;
        }
        if (b->left != NIL)
            prev = t[b->left].hi;
        if (b->offset - prev >= size)
            return prev;
        prev = b->offset + b->size;
        i = b->right; /* has_gap(t, b->right, prev, size) holds */
    }
}

/* First fit for size bytes: the start of the lowest gap that holds them, else the end of the
 * last block (0 when there is none); adds the block (node i) to the tree. */
static uint64_t place(block *t, uint32_t *root, uint32_t i, uint64_t size)
{
    uint64_t at = has_gap(t, *root, 0, size) ? first_gap(t, *root, 0, size) : *root == NIL ? 0 : t[*root].hi;
    t[i].offset = at;
    t[i].size = size;
    t[i].left = t[i].right = NIL;
    t[i].prio = i * 2654435761u; /* a fixed permutation of the indices, spread */
    pull(t, i);
    uint32_t l, r;
    split(t, *root, at, &l, &r);
    *root = merge(t, merge(t, l, i), r);
    return at;
}

/* Removes block i from the tree. */
static void release(block *t, uint32_t *root, uint32_t i)
{
    uint32_t l, m, r;
    split(t, *root, t[i].offset, &l, &m);
    split(t, m, t[i].offset + 1, &m, &r);
    *root = merge(t, l, r);
}

nnx_status nnx_memplan(nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, nnx_error *err)
{
    const nnx_ir *ir = plan->ir;
    const nnx_alloc *a = ir->alloc;
    uint32_t *end = nnx_mem_calloc(a, ir->n_values + 1, sizeof *end);
    block *live = nnx_mem_calloc(a, ir->n_values + 1, sizeof *live);
    plan->offsets = nnx_mem_calloc(a, ir->n_values + 1, sizeof *plan->offsets);
    if (!end || !live || !plan->offsets) {
        nnx_mem_free(a, end);
        nnx_mem_free(a, live);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory planning the graph's memory");
    }
    last_uses(plan, outputs, n_outputs, end);
    /* a home's bytes are placed at the first step that makes it or a value in it (a concat's
     * inputs are made in its bytes before it: concat_in_place.c) */
    uint32_t *first = nnx_mem_calloc(a, ir->n_values + 1, sizeof *first);
    if (!first) {
        nnx_mem_free(a, end);
        nnx_mem_free(a, live);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory planning the graph's memory");
    }
    for (uint32_t v = 0; v < ir->n_values; v++)
        first[v] = UINT32_MAX;
    for (uint32_t k = 0; k < plan->n_order; k++) {
        const nnx_node *node = &ir->nodes[plan->order[k]];
        for (uint32_t o = 0; o < node->n_out; o++) {
            uint32_t v = node->out[o], home = plan->alias[v] == NNX_NONE ? v : plan->alias[v];
            if (first[home] == UINT32_MAX)
                first[home] = k;
        }
    }
    /* freed[k]: the first block no step after k reads (the rest through next_free) */
    uint32_t *freed = nnx_mem_calloc(a, plan->n_order + 1, sizeof *freed);
    if (!freed) {
        nnx_mem_free(a, first);
        nnx_mem_free(a, end);
        nnx_mem_free(a, live);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory planning the graph's memory");
    }
    for (uint32_t k = 0; k <= plan->n_order; k++)
        freed[k] = NIL;
    uint32_t root = NIL, n_blocks = 0;
    nnx_status st = NNX_OK;
    for (uint32_t k = 0; k < plan->n_order && st == NNX_OK; k++) {
        if (k > 0) /* free what no step from k on reads */
            for (uint32_t i = freed[k - 1]; i != NIL; i = live[i].next_free)
                release(live, &root, i);
        const nnx_node *node = &ir->nodes[plan->order[k]];
        for (uint32_t o = 0; o < node->n_out; o++) {
            uint32_t v = node->out[o], home = plan->alias[v] == NNX_NONE ? v : plan->alias[v];
            size_t bytes;
            if (first[home] != k || !plan->needs_buffer[home] || plan->alias[home] != NNX_NONE)
                continue;
            first[home] = UINT32_MAX - 1; /* placed */
            v = home;
            nnx_desc_bytes(&ir->values[v].desc, &bytes); /* checked when compiling */
            uint64_t size = bytes ? ((uint64_t)bytes + ALIGN - 1) / ALIGN * ALIGN : ALIGN, top; /* empty: 64 */
            uint32_t i = n_blocks++; /* each value is placed once: at most n_values blocks */
            plan->offsets[v] = place(live, &root, i, size);
            if (end[v] != FOREVER) { /* freed after step max(end, k), like a block read no more */
                uint32_t last = end[v] > k ? end[v] : k;
                live[i].next_free = freed[last];
                freed[last] = i;
            }
            if (!nnx_add_u64(plan->offsets[v], size, &top) || top > SIZE_MAX / 2)
                st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY,
                                   "the graph's values need more memory than can be addressed");
            else if (top > plan->arena_bytes)
                plan->arena_bytes = top;
        }
    }
    nnx_mem_free(a, freed);
    nnx_mem_free(a, first);
    nnx_mem_free(a, end);
    nnx_mem_free(a, live);
    return st;
}
