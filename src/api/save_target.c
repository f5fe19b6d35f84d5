/* save_target.c — the output path of a save (save_target.h): which writer its ending names,
 * what may already be there, and the temporary folder an NNEF folder is written through.
 * The rules are those of include/nnx.h, "saving", and docs/decisions/engine.md E34. */
#include "api/save_target.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* NNEF archives (the container writer's own rule, formats/nnef/files/container.h). */
static const char *const kArchiveEndings[] = {".tgz", ".tar.gz", ".tar"};

static const char kWritten[] = "nnx writes NNEF as a folder (a path ending in '/', an existing folder, or a "
                               "name without an extension or ending in .nnef), .tar, .tgz or .tar.gz, TOSA as "
                               ".tosa, NNVM as .json (with its .params) and ONNX as .onnx";

static bool ends_with(const char *s, size_t n, const char *suffix)
{
    size_t k = strlen(suffix);
    return n > k && strncasecmp(s + n - k, suffix, k) == 0;
}

static const nnx_model_format *nnef_row(void)
{
    for (unsigned i = 0; i < nnx_model_format_count; i++)
        if (!nnx_model_formats[i].extension)
            return &nnx_model_formats[i];
    return NULL;
}

typedef struct nnx_save_rename {
    nnx_name_kind kind;
    const char *old_name, *new_name;
} nnx_save_rename;

/* renames.fn: keeps one change until the save has succeeded (a full list cannot be kept: the
 * entry is dropped, which only shortens the report). */
static void keep_rename(void *user, nnx_name_kind kind, const char *old_name, const char *new_name)
{
    nnx_save_target *t = user;
    if (!nnx_mem_reserve(t->alloc, (void **)&t->list, &t->cap_list, t->n_list + 1, sizeof *t->list))
        return;
    const char *o = nnx_arena_strdup(&t->names, old_name), *n = nnx_arena_strdup(&t->names, new_name);
    if (o && n)
        t->list[t->n_list++] = (nnx_save_rename){kind, o, n};
}

nnx_status nnx_save_target_open(nnx_save_target *t, const char *path, const nnx_save_options *options,
                                const nnx_alloc *alloc, nnx_error *err)
{
    *t = (nnx_save_target){.alloc = alloc};
    nnx_arena_init(&t->names, alloc);
    if (options && options->on_rename) {
        t->on_rename = options->on_rename;
        t->rename_user = options->rename_user;
        t->renames = (nnx_ir_renames){keep_rename, t};
    }
    t->row = NULL;
    t->path = t->shown = path;
    t->folder = false;
    t->replace = options && (options->flags & NNX_SAVE_REPLACE);
    size_t n = strlen(path);
    bool slash = n > 0 && path[n - 1] == '/';
    while (n > 1 && path[n - 1] == '/')
        n--;
    if (n == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "'': error: the output path is empty");
    const char *name = path + n; /* the last component, and where its extension starts */
    while (name > path && name[-1] != '/')
        name--;
    const char *dot = NULL;
    for (const char *c = name + 1; c < path + n; c++)
        if (*c == '.')
            dot = c;

    const nnx_model_format *row = NULL;
    const char *ending = NULL;
    for (unsigned i = 0; i < nnx_model_format_count && !row; i++)
        if (nnx_model_formats[i].extension && ends_with(path, n, nnx_model_formats[i].extension))
            row = &nnx_model_formats[i], ending = row->extension;
    for (unsigned i = 0; i < sizeof kArchiveEndings / sizeof *kArchiveEndings && !row; i++)
        if (ends_with(path, n, kArchiveEndings[i]))
            row = nnef_row(), ending = kArchiveEndings[i];
    if (row && !row->save)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: nnx reads %s files but does not write them; %s",
                             path, ending, kWritten);
    if (row && slash)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "%s: error: a path ending in '/' is a folder, and nnx writes %s files as files", path,
                             ending);
    nnx_path_kind kind;
    nnx_status st = nnx_path_kind_of(path, &kind, err);
    if (st != NNX_OK)
        return st;
    if (row) {
        if (kind == NNX_PATH_DIR || kind == NNX_PATH_EMPTY_DIR)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "%s: error: a folder is there, and nnx writes %s files as files", path, ending);
        t->row = row;
        return NNX_OK;
    }
    bool folder = slash || kind == NNX_PATH_DIR || kind == NNX_PATH_EMPTY_DIR || !dot || ends_with(path, n, ".nnef");
    if (!folder)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: nnx does not write '%.*s' files; %s", path,
                             (int)(path + n - dot), dot, kWritten);
    if (kind == NNX_PATH_FILE)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "%s: error: a file is there, and nnx writes NNEF to this path as a folder", path);
    if (kind == NNX_PATH_DIR && !t->replace)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "%s: error: the folder is not empty, and its content is replaced only on request "
                             "(NNX_SAVE_REPLACE)",
                             path);
    if ((st = nnx_folder_stage_begin(&t->stage, path, err)) != NNX_OK)
        return st;
    t->row = nnef_row();
    t->folder = true;
    t->path = t->stage.temp;
    return NNX_OK;
}

/* err's message with every occurrence of from replaced by the first n bytes of to. */
static void rename_in_message(nnx_error *err, const char *from, const char *to, size_t n)
{
    char out[NNX_ERROR_MESSAGE_MAX];
    size_t len = 0, k = strlen(from);
    const char *s = err->message;
    for (const char *hit; k && (hit = strstr(s, from)) != NULL; s = hit + k) {
        len += (size_t)snprintf(out + len, sizeof out - len, "%.*s%.*s", (int)(hit - s), s, (int)n, to);
        if (len >= sizeof out)
            return; /* would not fit: the message stays as it is */
    }
    snprintf(out + len, sizeof out - len, "%s", s);
    nnx_error_reset(err, err->status, "%s", out);
}

nnx_status nnx_save_target_close(nnx_save_target *t, nnx_status st, nnx_error *err)
{
    if (t->folder && st == NNX_OK)
        st = nnx_folder_stage_commit(&t->stage, t->replace, err);
    else if (t->folder) {
        size_t n = strlen(t->shown);
        while (n > 1 && t->shown[n - 1] == '/')
            n--;
        rename_in_message(err, t->stage.temp, t->shown, n);
        nnx_folder_stage_abort(&t->stage);
    }
    if (st != NNX_OK && !strstr(err->message, ": error: ")) {
        char message[NNX_ERROR_MESSAGE_MAX];
        snprintf(message, sizeof message, "%s", err->message[0] ? err->message : nnx_status_string(st));
        nnx_error_reset(err, st, "%s: error: %s", t->shown, message);
    }
    for (uint32_t i = 0; st == NNX_OK && i < t->n_list; i++)
        t->on_rename(t->rename_user, t->list[i].kind, t->list[i].old_name, t->list[i].new_name);
    nnx_mem_free(t->alloc, t->list);
    nnx_arena_free(&t->names);
    t->list = NULL;
    t->n_list = t->cap_list = 0;
    return st;
}
