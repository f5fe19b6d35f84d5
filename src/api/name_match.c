/* name_match.c — nnx_name_match (name_match.h): the either-name lookup behind
 * nnx_model_find_input / nnx_graph_find_input and their output twins. */
#include "api/name_match.h"

#include <stdio.h>
#include <string.h>

/* s is base followed by "_" and decimal digits: a name a save made unique from base. */
static bool suffixed(const char *s, const char *base)
{
    size_t n = strlen(base);
    if (strncmp(s, base, n) != 0 || s[n] != '_' || !s[n + 1])
        return false;
    for (s += n + 1; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

nnx_status nnx_name_match(const char *const *names, size_t n, const char *name, nnx_name_sanitizer sanitize,
                          const char *noun, const nnx_alloc *alloc, size_t *index, nnx_error *err)
{
    for (size_t i = 0; i < n; i++)
        if (names[i] && strcmp(names[i], name) == 0)
            return (*index = i), NNX_OK;
    if (!sanitize)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the model has no %s '%s'", noun, name);
    nnx_arena a;
    nnx_arena_init(&a, alloc);
    const char *s = sanitize(&a, name);
    nnx_status st = s ? NNX_OK : nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    size_t hit = n, others = 0, len = 0;
    char list[512] = "";
    for (size_t i = 0; st == NNX_OK && i < n; i++) {
        bool exact = names[i] && strcmp(names[i], s) == 0;
        if (!exact && !(names[i] && suffixed(names[i], s)))
            continue;
        if (exact)
            hit = i;
        else
            others++;
        if (len < sizeof list)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s'%s'", len ? ", " : "", names[i]);
    }
    if (st == NNX_OK && hit < n && !others)
        *index = hit;
    else if (st == NNX_OK && (hit < n || others))
        st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                           "%s '%s' is '%s' as the model's format names it, which could be any of the %ss %s "
                           "(names made unique when the model was converted); give the model's own name",
                           noun, name, s, noun, list);
    else if (st == NNX_OK && strcmp(s, name) != 0)
        st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the model has no %s '%s' (nor '%s')", noun, name, s);
    else if (st == NNX_OK)
        st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the model has no %s '%s'", noun, name);
    nnx_arena_free(&a);
    return st;
}
