/* pdf-mem.c - libharu's memory, in an arena.
 *
 * libharu allocates every object of a document on its own (a report PDF
 * makes some 500: names, numbers, arrays, dictionaries, stream buffers)
 * and frees each of them again in HPDF_Free, which was a tenth of a
 * report's CPU in malloc and free.  Here they are cut from large blocks
 * and given back all at once when no document is left; freeing one
 * object does nothing (libharu never reuses what it frees).  libharu's
 * own pool (HPDF_NewEx's mem_pool_buf_size) would do the same, but
 * Debian's build does not round its sizes (HPDF_ALINMENT_SIZ), so it
 * would hand out misaligned structures.
 *
 * Under AddressSanitizer the unused and the freed parts of the blocks
 * are poisoned, so a use of a freed object is still caught. */
#include "pdf-int.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define PDF_MEM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PDF_MEM_ASAN 1
#endif
#endif
#ifdef PDF_MEM_ASAN
#include <sanitizer/asan_interface.h>
#define poison(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define unpoison(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define poison(p, n) ((void)(p), (void)(n))
#define unpoison(p, n) ((void)(p), (void)(n))
#endif

/* Every object is aligned for any type, and carries its size just
 * before it, for the poisoning of a freed one. */
#define ALIGN alignof(max_align_t)
#define HEAD ((sizeof(size_t) + ALIGN - 1) / ALIGN * ALIGN)
/* A block's room; a larger object gets a block of its own. */
#define BLOCK (64 * 1024)
/* Blocks kept for the next document, once all are freed. */
#define KEEP 16

struct block {
	struct block *next;
	size_t size, used;
	alignas(max_align_t) unsigned char room[];
};

static struct block *blocks; /* the one being cut first */
static struct block *spare;  /* empty, of size BLOCK */
static size_t nspare;
static unsigned live;        /* documents not yet freed */

static struct block *new_block(size_t size)
{
	struct block *b;

	if (size == BLOCK && spare) {
		b = spare;
		spare = b->next;
		nspare--;
	} else if (!(b = malloc(offsetof(struct block, room) + size))) {
		return NULL;
	} else {
		b->size = size;
		poison(b->room, size);
	}
	b->used = 0;
	return b;
}

void *pdf_mem_alloc(HPDF_UINT size)
{
	size_t need = HEAD + ((size_t)size + ALIGN - 1) / ALIGN * ALIGN;
	struct block *b = blocks;
	unsigned char *p;

	if (!b || b->size - b->used < need) {
		if (!(b = new_block(need > BLOCK / 4 ? need : BLOCK)))
			return NULL; /* libharu reports HPDF_FAILD_TO_ALLOC_MEM */
		if (need > BLOCK / 4 && blocks) {
			/* a large object: keep cutting the current block */
			b->next = blocks->next;
			blocks->next = b;
		} else {
			b->next = blocks;
			blocks = b;
		}
	}
	p = b->room + b->used;
	b->used += need;
	unpoison(p, need);
	*(size_t *)p = size;
	poison(p, HEAD);
	return p + HEAD;
}

void pdf_mem_free(void *p)
{
	if (p) {
		unsigned char *head = (unsigned char *)p - HEAD;
		size_t size;
		unpoison(head, HEAD);
		size = *(size_t *)head;
		poison(head, HEAD + size);
	}
}

void pdf_mem_hold(void)
{
	live++;
}

void pdf_mem_release(void)
{
	if (live == 0)
		BUG("a PDF document freed twice");
	if (--live)
		return;
	while (blocks) {
		struct block *b = blocks;
		blocks = b->next;
		if (b->size == BLOCK && nspare < KEEP) {
			poison(b->room, b->size);
			b->next = spare;
			spare = b;
			nspare++;
		} else {
			free(b);
		}
	}
}
