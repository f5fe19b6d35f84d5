/* context.c — context lifetime, ownership lists, the context-level error and logging. The
 * lists and the error are guarded by the context's lock; nnx_context_error hands each thread
 * its own copy of the message, so concurrent dispatches never read a half-written one. */
#include "api/objects.h"
#include "runtime/thread_policy.h"

#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

#define CONTAINER(ptr, type, member) ((type *)(void *)((char *)(ptr)-offsetof(type, member)))

const char *nnx_version(void) { return "0.1.0"; }

void nnx_link_init(nnx_link *head) { head->prev = head->next = head; }

void nnx_link_push(nnx_link *head, nnx_link *item)
{
    item->prev = head->prev;
    item->next = head;
    head->prev->next = item;
    head->prev = item;
}

void nnx_context_own(nnx_context *ctx, nnx_link *head, nnx_link *item)
{
    pthread_mutex_lock(&ctx->lock);
    nnx_link_push(head, item);
    pthread_mutex_unlock(&ctx->lock);
}

void nnx_context_disown(nnx_context *ctx, nnx_link *item)
{
    pthread_mutex_lock(&ctx->lock);
    nnx_link_remove(item);
    pthread_mutex_unlock(&ctx->lock);
}

void nnx_link_remove(nnx_link *item)
{
    if (!item->next)
        return;
    item->prev->next = item->next;
    item->next->prev = item->prev;
    item->prev = item->next = NULL;
}

nnx_status nnx_context_create(const nnx_context_options *options, nnx_context **out)
{
    if (!out)
        return NNX_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    nnx_context_options opts = {0};
    if (options)
        opts = *options;
    if (opts.threads > NNX_MAX_THREADS)
        return NNX_ERROR_INVALID_ARGUMENT; /* decision E43: refused, not clamped */
    nnx_alloc alloc;
    if (!nnx_alloc_init(&alloc, &opts.allocator))
        return NNX_ERROR_INVALID_ARGUMENT; /* a partial allocator hook */
    nnx_context *ctx = nnx_handle_alloc(sizeof *ctx);
    if (!ctx)
        return NNX_ERROR_OUT_OF_MEMORY;
    if (pthread_mutex_init(&ctx->lock, NULL) != 0) {
        nnx_handle_free(ctx);
        return NNX_ERROR_OUT_OF_MEMORY;
    }
    ctx->alloc = alloc;
    ctx->threads = opts.threads;
    ctx->log = opts.log;
    ctx->log_user = opts.log_user;
    nnx_link_init(&ctx->builders);
    nnx_link_init(&ctx->graphs);
    nnx_link_init(&ctx->tensors);
    nnx_link_init(&ctx->models);
    *out = ctx;
    return NNX_OK;
}

/* Destroys everything made from ctx (each object becomes a destroyed handle), then ctx
 * itself: later calls with it fail with NNX_ERROR_INVALID_STATE (WebNN: a lost context). */
void nnx_context_destroy(nnx_context *ctx)
{
    if (!ctx || ctx->h.destroyed)
        return;
    while (ctx->builders.next != &ctx->builders)
        nnx_builder_destroy(CONTAINER(ctx->builders.next, nnx_builder, h.link));
    while (ctx->graphs.next != &ctx->graphs)
        nnx_graph_destroy(CONTAINER(ctx->graphs.next, nnx_graph, h.link));
    while (ctx->tensors.next != &ctx->tensors)
        nnx_tensor_destroy(CONTAINER(ctx->tensors.next, nnx_tensor, h.link));
    while (ctx->models.next != &ctx->models)
        nnx_model_destroy((nnx_model *)(void *)ctx->models.next); /* the handle is the model's first member */
    nnx_pool_destroy(ctx->pool);
    ctx->pool = NULL;
    pthread_mutex_destroy(&ctx->lock);
    nnx_handle_bury(&ctx->h);
}

nnx_pool *nnx_context_pool(nnx_context *ctx)
{
    pthread_mutex_lock(&ctx->lock);
    if (!ctx->pool_tried) {
        ctx->pool_tried = true;
        unsigned threads = nnx_pool_resolve_threads(ctx->threads);
        if (threads > 1 && (ctx->pool = nnx_pool_create(&ctx->alloc, threads - 1)) != NULL)
            (void)nnx_thread_policy_install(ctx->pool, &ctx->alloc); /* else the pool's defaults */
    }
    nnx_pool *pool = ctx->pool;
    pthread_mutex_unlock(&ctx->lock);
    return pool;
}

nnx_status nnx_destroyed(nnx_context *ctx, nnx_status st, const char *what)
{
    if (ctx->h.destroyed)
        return st;
    return nnx_context_fail(ctx, st, "%s was destroyed", what);
}

const char *nnx_context_error(const nnx_context *ctx)
{
    static _Thread_local char copy[NNX_ERROR_MESSAGE_MAX];
    if (!ctx)
        return "";
    if (ctx->h.destroyed)
        return "the context was destroyed";
    pthread_mutex_lock((pthread_mutex_t *)&ctx->lock);
    memcpy(copy, ctx->err.message, sizeof copy);
    pthread_mutex_unlock((pthread_mutex_t *)&ctx->lock);
    return copy;
}

nnx_status nnx_context_fail(nnx_context *ctx, nnx_status st, const char *fmt, ...)
{
    char message[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&ctx->lock);
    ctx->err.status = st;
    memcpy(ctx->err.message, message, sizeof message);
    pthread_mutex_unlock(&ctx->lock);
    nnx_context_log(ctx, NNX_LOG_ERROR, message);
    return st;
}

void nnx_context_log(const nnx_context *ctx, nnx_log_level level, const char *message)
{
    if (!ctx->h.destroyed && ctx->log)
        ctx->log(ctx->log_user, level, message);
}
