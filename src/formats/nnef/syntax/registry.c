/* registry.c — the operation table of a document: standard library (1.0.2, plus the later
 * additions unless strict, decision 51) plus its fragments, sorted by name for binary
 * search. */
#include "formats/nnef/syntax/registry.h"
#include "formats/nnef/syntax/parser.h"
#include "formats/nnef/syntax/stdlib_text.h"

#include <stdlib.h>
#include <string.h>

static int by_name(const void *a, const void *b)
{
    return strcmp(((const nnx_nnef_entry *)a)->fragment->name, ((const nnx_nnef_entry *)b)->fragment->name);
}

void nnx_nnef_registry_free(nnx_nnef_registry *r)
{
    if (!r->alloc)
        return;
    nnx_mem_free(r->alloc, r->entries);
    nnx_nnef_document_free(r->stdlib);
    nnx_nnef_document_free(r->later);
    memset(r, 0, sizeof *r);
}

static const nnx_nnef_fragment *find_in(const nnx_nnef_document *doc, const char *name)
{
    for (uint32_t i = 0; doc && i < doc->fragment_count; i++)
        if (strcmp(doc->fragments[i].name, name) == 0)
            return &doc->fragments[i];
    return NULL;
}

/* skip: a document whose fragments replace doc's of the same name (the later library over
 * 1.0.2's; a document's own fragment over a later-only one, decision 51). */
static void add_all(nnx_nnef_registry *r, const nnx_nnef_document *doc, bool standard, bool later,
                    const nnx_nnef_document *skip)
{
    for (uint32_t i = 0; doc && i < doc->fragment_count; i++) {
        const char *name = doc->fragments[i].name;
        if (find_in(skip, name) && !(later && find_in(r->stdlib, name)))
            continue;
        r->entries[r->count++] = (nnx_nnef_entry){&doc->fragments[i], doc->filename, standard, later};
    }
}

/* After sorting, equal names are neighbours; report the one declared later. */
static nnx_status check_duplicates(const nnx_nnef_registry *r, nnx_error *err)
{
    for (uint32_t i = 1; i < r->count; i++) {
        const nnx_nnef_entry *a = &r->entries[i - 1], *b = &r->entries[i];
        if (strcmp(a->fragment->name, b->fragment->name) != 0)
            continue;
        const nnx_nnef_entry *later = a->standard
            ? b
            : (b->standard ? a : (a->fragment->pos.line > b->fragment->pos.line ? a : b));
        const nnx_nnef_entry *first = later == a ? b : a;
        if (first->standard)
            return nnx_nnef_error_at(err, NNX_ERROR_INVALID_MODEL, later->file, later->fragment->name_pos,
                                     "fragment '%s' redefines a standard operation", later->fragment->name);
        return nnx_nnef_error_at(err, NNX_ERROR_INVALID_MODEL, later->file, later->fragment->name_pos,
                                 "fragment '%s' is already defined at line %u", later->fragment->name,
                                 first->fragment->pos.line);
    }
    return NNX_OK;
}

nnx_status nnx_nnef_registry_init(nnx_nnef_registry *r, const nnx_nnef_document *doc, const nnx_alloc *alloc,
                                  nnx_error *err)
{
    return nnx_nnef_registry_init_ex(r, doc, false, alloc, err);
}

nnx_status nnx_nnef_registry_init_ex(nnx_nnef_registry *r, const nnx_nnef_document *doc, bool strict,
                                     const nnx_alloc *alloc, nnx_error *err)
{
    memset(r, 0, sizeof *r);
    r->alloc = alloc;
    r->strict = strict;
    nnx_nnef_parse_options opts = {.flags = NNX_NNEF_PARSE_STDLIB};
    nnx_status st = nnx_nnef_parse_ex(nnx_nnef_stdlib_text, nnx_nnef_stdlib_length, "<stdlib>", &opts, alloc,
                                      &r->stdlib, err);
    if (st == NNX_OK)
        st = nnx_nnef_parse_ex(nnx_nnef_stdlib_later_text, nnx_nnef_stdlib_later_length, "<stdlib>", &opts, alloc,
                               &r->later, err);
    if (st != NNX_OK) {
        nnx_nnef_registry_free(r);
        return st;
    }
    uint32_t n = r->stdlib->fragment_count + r->later->fragment_count + (doc ? doc->fragment_count : 0);
    r->entries = nnx_mem_calloc(alloc, n ? n : 1, sizeof *r->entries);
    if (!r->entries) {
        nnx_nnef_registry_free(r);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    add_all(r, r->stdlib, true, false, strict ? NULL : r->later);
    if (!strict)
        add_all(r, r->later, true, true, doc);
    add_all(r, doc, false, false, NULL);
    qsort(r->entries, r->count, sizeof *r->entries, by_name);
    st = check_duplicates(r, err);
    if (st != NNX_OK)
        nnx_nnef_registry_free(r);
    return st;
}

const nnx_nnef_entry *nnx_nnef_registry_find(const nnx_nnef_registry *r, const char *name)
{
    uint32_t lo = 0, hi = r->count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(r->entries[mid].fragment->name, name);
        if (c == 0)
            return &r->entries[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const nnx_nnef_fragment *nnx_nnef_registry_later_feature(const nnx_nnef_registry *r, const char *name,
                                                         const char *param)
{
    const nnx_nnef_fragment *f = r->strict ? find_in(r->later, name) : NULL;
    if (!f || !param)
        return f && !find_in(r->stdlib, name) ? f : NULL;
    const nnx_nnef_fragment *old = find_in(r->stdlib, name);
    if (!old)
        return NULL;
    for (uint32_t i = 0; i < old->param_count; i++)
        if (strcmp(old->params[i].name, param) == 0)
            return NULL;
    for (uint32_t i = 0; i < f->param_count; i++)
        if (strcmp(f->params[i].name, param) == 0)
            return f;
    return NULL;
}
