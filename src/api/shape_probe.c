/* shape_probe.c — an unbound model's output shapes in its input dimensions (shape_probe.h):
 * each distinct input dimension gets its own extent in each probe (one name, one extent;
 * each unnamed "?" dimension its own), the model is loaded again at each probe binding, and
 * every output extent is fitted to the probes (shape_fit.c). */
#include "api/shape_probe.h"
#include "api/model_ir.h"
#include "api/shape_fit.h"

#include <string.h>

#define FIXED UINT32_MAX /* an input axis that no probe binds */

/* The distinct input dimensions of m in order of first appearance: sym[i*NNX_MAX_RANK+k]
 * is the index of input i's axis k (FIXED when it has an extent), names[s] the name of
 * dimension s (NULL for an unnamed one). Returns how many; false when more than
 * NNX_SHAPE_PROBE_SYMBOLS. */
static bool collect_symbols(const nnx_ir_model *m, uint32_t *sym, const char **names, uint32_t *count)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < m->n_inputs; i++)
        for (uint32_t k = 0; k < NNX_MAX_RANK; k++) {
            const char *s = m->input_dims[(size_t)i * NNX_MAX_RANK + k];
            uint32_t *u = &sym[(size_t)i * NNX_MAX_RANK + k];
            *u = FIXED;
            if (!s)
                continue;
            bool named = strcmp(s, "?") != 0;
            for (uint32_t j = 0; named && j < n && *u == FIXED; j++)
                if (names[j] && strcmp(names[j], s) == 0)
                    *u = j;
            if (*u != FIXED)
                continue;
            if (n == NNX_SHAPE_PROBE_SYMBOLS)
                return false;
            names[n] = named ? s : NULL;
            *u = n++;
        }
    *count = n;
    return true;
}

/* Loads m at every probe binding: got[p*n_outputs+o] is output o's type in probe p. shapes
 * has one entry per input. False when a load fails or gives other outputs. unknown[o] is set
 * when a structure-only load computes output o from an unsupported operation (its got
 * entries are then not used). */
static bool run_probes(const nnx_ir_model *m, const uint32_t *sym, nnx_input_shape *shapes, nnx_operand_desc *got,
                       bool *unknown)
{
    const nnx_alloc *a = m->ir.alloc;
    for (uint32_t p = 0; p < NNX_SHAPE_PROBES; p++) {
        for (uint32_t i = 0; i < m->n_inputs; i++) {
            const nnx_value *v = &m->ir.values[m->inputs[i]];
            shapes[i] = (nnx_input_shape){.name = v->name, .rank = v->desc.rank};
            for (uint32_t k = 0; k < v->desc.rank && k < NNX_MAX_RANK; k++) {
                uint32_t u = sym[(size_t)i * NNX_MAX_RANK + k];
                shapes[i].shape[k] = u == FIXED ? v->desc.shape[k] : nnx_shape_probe_extent(p, u);
            }
        }
        nnx_ir_model *pm = NULL;
        nnx_error err = {0};
        /* external tensor data is not read: the probes only look at shapes */
        if (nnx_model_ir_reload(m->source.row, m->source.path, m->source.params_path,
                                m->source.flags | NNX_MODEL_SKIP_TENSOR_DATA, m->source.seed, &m->source.limits, shapes,
                                m->n_inputs, a, &pm, &err) != NNX_OK)
            return false;
        bool ok = pm->n_outputs == m->n_outputs;
        for (uint32_t o = 0; ok && o < m->n_outputs; o++) {
            if (pm->outputs[o] == NNX_NONE && pm->n_unsupported) {
                unknown[o] = true;
                continue;
            }
            ok = pm->outputs[o] < pm->ir.n_values;
            if (ok)
                got[(size_t)p * m->n_outputs + o] = pm->ir.values[pm->outputs[o]].desc;
        }
        nnx_model_ir_free(pm, a);
        if (!ok)
            return false;
    }
    return true;
}

/* Output o's probed type and dimension names from got; false (nothing written) when the
 * probes disagree on its dtype or rank, or out of memory. */
static bool fit_output(nnx_ir_model *m, uint32_t o, const nnx_operand_desc *got, const char *const *names,
                       uint32_t n_symbols)
{
    const nnx_operand_desc *first = &got[o];
    for (uint32_t p = 1; p < NNX_SHAPE_PROBES; p++) {
        const nnx_operand_desc *d = &got[(size_t)p * m->n_outputs + o];
        if (d->dtype != first->dtype || d->rank != first->rank)
            return false;
    }
    nnx_operand_desc out = {.dtype = first->dtype, .rank = first->rank};
    const char *dims[NNX_MAX_RANK] = {0};
    for (uint32_t k = 0; k < out.rank && k < NNX_MAX_RANK; k++) {
        uint32_t y[NNX_SHAPE_PROBES];
        char text[NNX_SHAPE_FIT_TEXT];
        for (uint32_t p = 0; p < NNX_SHAPE_PROBES; p++)
            y[p] = got[(size_t)p * m->n_outputs + o].shape[k];
        switch (nnx_shape_fit(y, names, n_symbols, text)) {
        case NNX_SHAPE_FIT_CONSTANT: out.shape[k] = y[0]; break;
        case NNX_SHAPE_FIT_EXPRESSION:
            if (!(dims[k] = nnx_arena_strdup(&m->ir.arena, text)))
                return false;
            break;
        case NNX_SHAPE_FIT_NONE: dims[k] = "?"; break; /* worked out at dispatch */
        }
    }
    m->declared_outputs[o] = out;
    memcpy(&m->output_dims[(size_t)o * NNX_MAX_RANK], dims, sizeof dims);
    return true;
}

void nnx_shape_probe_outputs(nnx_ir_model *m)
{
    if (!m->unbound || m->outputs_probed || !m->input_dims || !m->source.row)
        return;
    m->outputs_probed = true;
    const nnx_alloc *a = m->ir.alloc;
    size_t n_axes = (size_t)m->n_inputs * NNX_MAX_RANK;
    uint32_t *sym = nnx_mem_calloc(a, n_axes + 1, sizeof *sym);
    nnx_input_shape *shapes = nnx_mem_calloc(a, (size_t)m->n_inputs + 1, sizeof *shapes);
    nnx_operand_desc *got = nnx_mem_calloc(a, (size_t)m->n_outputs * NNX_SHAPE_PROBES + 1, sizeof *got);
    bool *unknown = nnx_arena_array(&m->ir.arena, (size_t)m->n_outputs + 1, sizeof *unknown);
    const char *names[NNX_SHAPE_PROBE_SYMBOLS];
    uint32_t n_symbols = 0;
    if (!m->output_dims)
        m->output_dims = nnx_arena_array(&m->ir.arena, (size_t)m->n_outputs * NNX_MAX_RANK + 1, sizeof *m->output_dims);
    if (sym && shapes && got && unknown && m->output_dims && collect_symbols(m, sym, names, &n_symbols) &&
        run_probes(m, sym, shapes, got, unknown)) {
        for (uint32_t o = 0; o < m->n_outputs; o++)
            if (unknown[o])
                m->output_unknown = unknown; /* its declared type stays, its shape unknown */
            else
                fit_output(m, o, got, names, n_symbols);
    }
    nnx_mem_free(a, sym);
    nnx_mem_free(a, shapes);
    nnx_mem_free(a, got);
}
