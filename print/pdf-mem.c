/* pdf-mem.c - libharu's memory, in an arena.
 *
 * libharu allocates every object of a document on its own (a report PDF
 * makes some 500: names, numbers, arrays, dictionaries, stream buffers)
 * and frees each of them again in HPDF_Free, which was a tenth of a
 * report's CPU in malloc and free.  Here they are cut from large blocks
 * and given back all at once when no document is left.  libharu's own
 * pool (HPDF_NewEx's mem_pool_buf_size) would do the same, but
 * Debian's build does not round its sizes (HPDF_ALINMENT_SIZ), so it
 * would hand out misaligned structures.
 *
 * Some objects are freed and made again all along: the 4 KB buffers of
 * the pages' content streams, given back when a page is compressed, the
 * graphics states of each save and restore.  A freed object is kept for
 * the next one of its size (of a few sizes), or a sheet of 120 cards
 * would hold all of them to the end.
 *
 * Under AddressSanitizer the unused and the freed parts of the blocks
 * are poisoned, and nothing is reused, so a use of a freed object is
 * still caught. */
#include "pdf-int.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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

/* Freed objects by size, for the next one of the same size, linked
 * through their first bytes: a list for each multiple of 8 bytes up to
 * SMALL (libharu's structures), holding one size at a time, and a few
 * for larger sizes, first freed first served. */
#define SMALL 512
#define LARGE 4
static struct freed {
	size_t size;
	void *first;
} freed[SMALL / 8 + 1 + LARGE];

/* The list for objects of size (putting: to put one on), or NULL. */
static struct freed *freed_list(size_t size, bool putting)
{
	struct freed *f;

	if (size < sizeof(void *))
		return NULL;
	if (size <= SMALL) {
		f = &freed[size / 8];
		return f->size == size || (putting && !f->first) ? f : NULL;
	}
	for (f = freed + SMALL / 8 + 1; f < freed + ARRAY_SIZE(freed); f++)
		if (f->size == size || (putting && !f->first))
			return f;
	return NULL;
}

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
	struct freed *f = freed_list(size, false);
	unsigned char *p;

	if (f && f->first) {
		p = f->first;
		f->first = *(void **)p;
		return p;
	}
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
	unsigned char *head;
	size_t size;

	if (!p)
		return;
	head = (unsigned char *)p - HEAD;
	unpoison(head, HEAD);
	size = *(size_t *)head;
#ifdef PDF_MEM_ASAN
	poison(head, HEAD + size);
#else
	poison(head, HEAD);
	struct freed *f = freed_list(size, true);
	if (f) {
		f->size = size;
		*(void **)p = f->first;
		f->first = p;
	}
#endif
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
	memset(freed, 0, sizeof freed);
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
