/* onnx_sequence.c — the load-time sequences and optionals of the ONNX front end (ONNX IR,
 * sequence(tensor), optional(T); onnx_internal.h, OX_SEQ_TAG): the side table of their
 * entries, graph inputs of those types flattened to tensor inputs, and graph outputs
 * flattened back to tensors (the naming is onnx.h's, nnx_onnx_known_input). */
#include "formats/onnx/onnx_internal.h"

#include "base/alloc.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- the table */

nnx_status ox_seq_new(ox *c, ox_seq_kind kind, const uint32_t *ids, uint32_t n, uint32_t *id)
{
    ox_seqs *s = c->seqs;
    const nnx_alloc *a = c->ir->alloc;
    *id = NNX_NONE;
    if (n > OX_MAX_SEQUENCE)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a sequence of %u elements (at most %d)", n, OX_MAX_SEQUENCE);
    if (s->n_e >= (OX_STR_TAG & ~OX_SEQ_TAG) || s->n_ids > OX_MAX_SEQ_IDS - n) /* below the string bit */
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the sequences of the model hold more than %u values",
                       OX_MAX_SEQ_IDS);
    /* ids may point into the table, which may move below */
    bool inside = n && s->ids && ids >= s->ids && ids < s->ids + s->n_ids;
    size_t from = inside ? (size_t)(ids - s->ids) : 0;
    if (s->n_ids + n > s->cap_ids) {
        uint32_t cap = s->cap_ids ? s->cap_ids : 64;
        while (cap < s->n_ids + n)
            cap *= 2;
        uint32_t *p = nnx_mem_realloc(a, s->ids, (size_t)cap * sizeof *p);
        if (!p)
            return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        s->ids = p;
        s->cap_ids = cap;
    }
    if (s->n_e == s->cap_e) {
        uint32_t cap = s->cap_e ? 2 * s->cap_e : 32;
        ox_seq_entry *p = nnx_mem_realloc(a, s->e, (size_t)cap * sizeof *p);
        if (!p)
            return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        s->e = p;
        s->cap_e = cap;
    }
    if (n)
        memmove(s->ids + s->n_ids, inside ? s->ids + from : ids, (size_t)n * sizeof *ids);
    s->e[s->n_e] = (ox_seq_entry){kind, n, s->n_ids};
    s->n_ids += n;
    *id = OX_SEQ_TAG | s->n_e++;
    return NNX_OK;
}

bool ox_seq_get(const ox *c, uint32_t id, ox_seq_kind *kind, const uint32_t **ids, uint32_t *n)
{
    if (!ox_is_seq(id) || (id & ~OX_SEQ_TAG) >= c->seqs->n_e)
        return false;
    const ox_seq_entry *e = &c->seqs->e[id & ~OX_SEQ_TAG];
    *kind = e->kind;
    *ids = c->seqs->ids ? c->seqs->ids + e->off : NULL; /* NULL: no element yet in any entry */
    *n = e->n;
    return true;
}

void ox_seqs_free(ox_seqs *s, const nnx_alloc *alloc)
{
    nnx_mem_free(alloc, s->e);
    nnx_mem_free(alloc, s->ids);
    memset(s, 0, sizeof *s);
}

bool nnx_onnx_takes_sequences(const char *op_type)
{
    static const char *const names[] = {
        "Identity",    "Loop",     "SequenceAt",         "SequenceInsert",     "SequenceErase",      "SequenceLength",
        "SequenceMap", "Optional", "OptionalHasElement", "OptionalGetElement", "ConcatFromSequence",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], op_type) == 0)
            return true;
    return false;
}

/* ---------------------------------------------------------------- graph inputs */

static const nnx_onnx_known_input *entry_of(const ox *c, const char *name)
{
    for (uint32_t k = 0; k < c->n_known; k++)
        if (c->known[k].kind != NNX_ONNX_KNOWN_TENSOR && c->known[k].name && strcmp(c->known[k].name, name) == 0)
            return &c->known[k];
    return NULL;
}

/* The tensor type of a sequence's (or optional's) element type. */
static const Onnx__TypeProto__Tensor *tensor_type(const Onnx__TypeProto *t)
{
    return t && t->value_case == ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE ? t->tensor_type : NULL;
}

/* Sequence input `name` of element type elem: inputs name[0] … of the length given. */
static nnx_status sequence_input(ox *c, const char *name, const Onnx__TypeProto *elem, uint32_t *id, nnx_error *err)
{
    const Onnx__TypeProto__Tensor *tt = tensor_type(elem);
    if (!tt)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: graph input '%s' is a sequence of non-tensors (only sequence(tensor) is "
                             "supported)",
                             c->path, name);
    const nnx_onnx_known_input *k = entry_of(c, name);
    if (!k || k->kind != NNX_ONNX_KNOWN_SEQUENCE)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: graph input '%s' is a sequence: give its length (a known input of kind "
                             "NNX_ONNX_KNOWN_SEQUENCE; its elements are the inputs %s[0] …)",
                             c->path, name, name);
    if (k->length > OX_MAX_SEQUENCE)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: graph input '%s' has %u elements (at most %d)",
                             c->path, name, k->length, OX_MAX_SEQUENCE);
    uint32_t *ids = ox_calloc(c, (size_t)k->length + 1, sizeof *ids);
    if (!ids)
        return nnx_error_set(err, c->nerr.status, "%s: error: graph input '%s': %s", c->path, name, c->nerr.message);
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; st == NNX_OK && i < k->length; i++) {
        char en[512];
        snprintf(en, sizeof en, "%.480s[%u]", name, i);
        st = ox_tensor_input(c, en, tt, &ids[i], err);
    }
    if (st == NNX_OK && ox_seq_new(c, OX_SEQUENCE, ids, k->length, id) != NNX_OK)
        st = nnx_error_set(err, c->nerr.status, "%s: error: graph input '%s': %s", c->path, name, c->nerr.message);
    nnx_mem_free(c->ir->alloc, ids);
    return st;
}

nnx_status nnx_onnx_seq_input(ox *c, const char *name, const Onnx__TypeProto *tp, nnx_error *err)
{
    uint32_t id = NNX_NONE;
    nnx_status st;
    if (tp->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE) {
        st = sequence_input(c, name, tp->sequence_type ? tp->sequence_type->elem_type : NULL, &id, err);
    } else {
        const Onnx__TypeProto *elem = tp->optional_type ? tp->optional_type->elem_type : NULL;
        const nnx_onnx_known_input *k = entry_of(c, name);
        uint32_t inner = NNX_NONE, n = 1;
        if (k && k->kind == NNX_ONNX_KNOWN_ABSENT) {
            n = 0;
            st = NNX_OK;
        } else if (elem && elem->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE) {
            st = sequence_input(c, name, elem->sequence_type ? elem->sequence_type->elem_type : NULL, &inner, err);
        } else if (tensor_type(elem)) {
            st = ox_tensor_input(c, name, tensor_type(elem), &inner, err);
        } else {
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                 "%s: error: graph input '%s' is an optional of neither a tensor nor a sequence",
                                 c->path, name);
        }
        if (st == NNX_OK && ox_seq_new(c, OX_OPTIONAL, &inner, n, &id) != NNX_OK)
            st = nnx_error_set(err, c->nerr.status, "%s: error: graph input '%s': %s", c->path, name, c->nerr.message);
    }
    if (st == NNX_OK && ox_define(c, name, id) != NNX_OK)
        st = nnx_error_set(err, c->nerr.status, "%s: error: graph input '%s': %s", c->path, name, c->nerr.message);
    return st;
}

/* ---------------------------------------------------------------- flattening */

nnx_status nnx_onnx_flatten(ox *c, uint32_t id, uint32_t *ids, uint32_t max, uint32_t *n, bool *indexed)
{
    *n = 0;
    *indexed = false;
    ox_seq_kind kind;
    const uint32_t *el;
    uint32_t m;
    if (!ox_seq_get(c, id, &kind, &el, &m)) {
        if (ids && max)
            ids[0] = id;
        *n = 1;
        return NNX_OK;
    }
    if (kind == OX_OPTIONAL) {
        if (!m)
            return NNX_OK;
        if (!ox_is_seq(el[0]))
            return nnx_onnx_flatten(c, el[0], ids, max, n, indexed);
        if (!ox_seq_get(c, el[0], &kind, &el, &m) || kind != OX_SEQUENCE)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "an optional of an optional");
    }
    *indexed = true;
    for (uint32_t k = 0; k < m; k++) {
        if (ox_is_seq(el[k]))
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a sequence of non-tensors");
        if (ids && k < max)
            ids[k] = el[k];
    }
    *n = m;
    return NNX_OK;
}
