/* handle.c — handle allocation and the graveyard of destroyed handles (see handle.h): a
 * FIFO under one mutex; its list head is the only process-wide state of the library. */
#include "api/handle.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

static pthread_mutex_t graveyard_lock = PTHREAD_MUTEX_INITIALIZER;
static nnx_link graveyard = {&graveyard, &graveyard};
static uint32_t graveyard_count;

void *nnx_handle_alloc(size_t size) { return calloc(1, size); }

void nnx_handle_free(void *handle) { free(handle); }

void nnx_handle_bury(nnx_handle *h)
{
    h->destroyed = true;
    nnx_link *evicted = NULL;
    pthread_mutex_lock(&graveyard_lock);
    h->link.prev = graveyard.prev;
    h->link.next = &graveyard;
    graveyard.prev->next = &h->link;
    graveyard.prev = &h->link;
    if (++graveyard_count > NNX_GRAVEYARD_CAP) {
        evicted = graveyard.next;
        graveyard.next = evicted->next;
        evicted->next->prev = &graveyard;
        graveyard_count--;
    }
    pthread_mutex_unlock(&graveyard_lock);
    free(evicted); /* the link is the first member of the handle, itself first in its struct */
}
