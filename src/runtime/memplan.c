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

typedef struct block {
    uint64_t offset, size;
    uint32_t end; /* last step that reads it */
} block;

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

/* First fit among the live blocks (sorted by offset) for size bytes; inserts the new block. */
static uint64_t place(block *live, uint32_t *n_live, uint64_t size, uint32_t end)
{
    uint64_t at = 0;
    uint32_t i = 0;
    for (; i < *n_live; i++) {
        if (live[i].offset >= at + size)
            break;
        uint64_t next = live[i].offset + live[i].size;
        at = next > at ? next : at;
    }
    memmove(&live[i + 1], &live[i], (*n_live - i) * sizeof *live);
    live[i] = (block){at, size, end};
    (*n_live)++;
    return at;
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
    uint32_t n_live = 0;
    nnx_status st = NNX_OK;
    for (uint32_t k = 0; k < plan->n_order && st == NNX_OK; k++) {
        uint32_t keep = 0; /* free what no step from k on reads */
        for (uint32_t i = 0; i < n_live; i++)
            if (live[i].end >= k)
                live[keep++] = live[i];
        n_live = keep;
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
            plan->offsets[v] = place(live, &n_live, size, end[v]);
            if (!nnx_add_u64(plan->offsets[v], size, &top) || top > SIZE_MAX / 2)
                st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY,
                                   "the graph's values need more memory than can be addressed");
            else if (top > plan->arena_bytes)
                plan->arena_bytes = top;
        }
    }
    nnx_mem_free(a, first);
    nnx_mem_free(a, end);
    nnx_mem_free(a, live);
    return st;
}
