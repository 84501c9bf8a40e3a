/*
 * drive.c: drives libflickarena through its C ABI for lib_test.go, which writes the
 * serialized requests and checks every answer. It reads commands from stdin, one a line,
 * and answers each with a line "LABEL RC PRESENT" on stdout; what a call returns goes into
 * files of the working directory: LABEL.out (*out), LABEL.err (*err), LABEL.N (bound
 * buffer N after a reset or step that filled it).
 *
 *   version LABEL
 *   list LABEL REQFILE
 *   create SLOT LABEL REQFILE             (the handle goes into SLOT)
 *   bind SLOT LABEL SIZE0 ... SIZE16      (bytes of each buffer, 0 for NULL; filled with 0x5a)
 *   bindnull SLOT LABEL FIELD             (bind again with buffer FIELD NULL, the others kept)
 *   reset SLOT LABEL REQFILE
 *   step SLOT LABEL REQFILE
 *   spec SLOT LABEL
 *   close SLOT LABEL
 *   closeraw HANDLE LABEL
 *   threads SLOT1 SLOT2 LABEL REQFILE COUNT   (both pools step COUNT times at once, one thread
 *                                              each; then LABEL.a.N and LABEL.b.N)
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flickarena.h"

#define SLOTS 16

static uint64_t handles[SLOTS];
static void *bufs[SLOTS][FA_NUM_BUFS];
static int64_t sizes[SLOTS][FA_NUM_BUFS];

static uint8_t *slurp(const char *path, int64_t *len) {
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	fseek(f, 0, SEEK_END);
	*len = ftell(f);
	fseek(f, 0, SEEK_SET);
	uint8_t *b = malloc(*len > 0 ? *len : 1);
	if (*len > 0 && fread(b, 1, *len, f) != (size_t)*len) {
		perror(path);
		exit(2);
	}
	fclose(f);
	return b;
}

static void dump(const char *label, const char *ext, const void *p, int64_t len) {
	char path[512];
	snprintf(path, sizeof path, "%s.%s", label, ext);
	FILE *f = fopen(path, "wb");
	if (!f || (len > 0 && fwrite(p, 1, len, f) != (size_t)len)) {
		perror(path);
		exit(2);
	}
	fclose(f);
}

/* answer prints the line of a call and writes and frees its outputs. */
static void answer(const char *label, int32_t rc, uint32_t present, uint8_t *out, int64_t out_len,
                   uint8_t *err, int64_t err_len) {
	if (out) {
		dump(label, "out", out, out_len);
		fa_free(out);
	}
	if (err) {
		dump(label, "err", err, err_len);
		fa_free(err);
	}
	printf("%s %d %u\n", label, rc, present);
	fflush(stdout);
}

static void dump_bufs(int slot, const char *label, uint32_t present) {
	for (int i = 0; i < FA_NUM_BUFS; i++) {
		if (present & (1u << i)) {
			char ext[16];
			snprintf(ext, sizeof ext, "%d", i);
			dump(label, ext, bufs[slot][i], sizes[slot][i]);
		}
	}
}

static int32_t call(int step, int slot, const char *reqfile, uint32_t *present, uint8_t **err, int64_t *err_len) {
	int64_t len;
	uint8_t *req = slurp(reqfile, &len);
	int32_t rc = step ? fa_pool_step(handles[slot], req, len, present, err, err_len)
	                  : fa_pool_reset(handles[slot], req, len, present, err, err_len);
	free(req);
	return rc;
}

struct job {
	int slot, count;
	const char *reqfile;
	int32_t rc;
	uint32_t present;
};

static void *run(void *arg) {
	struct job *j = arg;
	int64_t len;
	uint8_t *req = slurp(j->reqfile, &len);
	for (int k = 0; k < j->count && j->rc == 0; k++) {
		j->rc = fa_pool_step(handles[j->slot], req, len, &j->present, NULL, NULL);
	}
	free(req);
	return NULL;
}

int main(void) {
	char line[4096];
	while (fgets(line, sizeof line, stdin)) {
		char cmd[32], label[256], file[256];
		int slot, slot2, n;
		uint8_t *out = NULL, *err = NULL;
		int64_t out_len = 0, err_len = 0;
		uint32_t present = 0;
		if (sscanf(line, "%31s", cmd) != 1) {
			continue;
		}
		if (!strcmp(cmd, "version") && sscanf(line, "%*s %255s", label) == 1) {
			answer(label, fa_abi_version(), 0, NULL, 0, NULL, 0);
		} else if (!strcmp(cmd, "list") && sscanf(line, "%*s %255s %255s", label, file) == 2) {
			int64_t len;
			uint8_t *req = slurp(file, &len);
			int32_t rc = fa_list_games(req, len, &out, &out_len, &err, &err_len);
			free(req);
			answer(label, rc, 0, out, out_len, err, err_len);
		} else if (!strcmp(cmd, "create") && sscanf(line, "%*s %d %255s %255s", &slot, label, file) == 3) {
			int64_t len;
			uint8_t *req = slurp(file, &len);
			int32_t rc = fa_pool_create(req, len, &handles[slot], &out, &out_len, &err, &err_len);
			free(req);
			answer(label, rc, 0, out, out_len, err, err_len);
		} else if (!strcmp(cmd, "bind") && sscanf(line, "%*s %d %255s %n", &slot, label, &n) == 2) {
			char *p = line + n;
			for (int i = 0; i < FA_NUM_BUFS; i++) {
				int64_t size = strtoll(p, &p, 10);
				sizes[slot][i] = size;
				bufs[slot][i] = NULL;
				if (size > 0) {
					bufs[slot][i] = aligned_alloc(64, (size + 63) / 64 * 64);
					memset(bufs[slot][i], 0x5a, size);
				}
			}
			int32_t rc = fa_pool_bind(handles[slot], (void *const *)bufs[slot], FA_NUM_BUFS, &err, &err_len);
			answer(label, rc, 0, NULL, 0, err, err_len);
		} else if (!strcmp(cmd, "bindnull") && sscanf(line, "%*s %d %255s %d", &slot, label, &n) == 3) {
			void *b[FA_NUM_BUFS];
			memcpy(b, bufs[slot], sizeof b);
			b[n] = NULL;
			int32_t rc = fa_pool_bind(handles[slot], b, FA_NUM_BUFS, &err, &err_len);
			answer(label, rc, 0, NULL, 0, err, err_len);
		} else if ((!strcmp(cmd, "reset") || !strcmp(cmd, "step")) &&
		           sscanf(line, "%*s %d %255s %255s", &slot, label, file) == 3) {
			int32_t rc = call(!strcmp(cmd, "step"), slot, file, &present, &err, &err_len);
			if (rc == 0) {
				dump_bufs(slot, label, present);
			}
			answer(label, rc, present, NULL, 0, err, err_len);
		} else if (!strcmp(cmd, "spec") && sscanf(line, "%*s %d %255s", &slot, label) == 2) {
			int32_t rc = fa_pool_spec(handles[slot], &out, &out_len, &err, &err_len);
			answer(label, rc, 0, out, out_len, err, err_len);
		} else if (!strcmp(cmd, "close") && sscanf(line, "%*s %d %255s", &slot, label) == 2) {
			answer(label, fa_pool_close(handles[slot]), 0, NULL, 0, NULL, 0);
		} else if (!strcmp(cmd, "closeraw") && sscanf(line, "%*s %d %255s", &n, label) == 2) {
			answer(label, fa_pool_close((uint64_t)n), 0, NULL, 0, NULL, 0);
		} else if (!strcmp(cmd, "threads") &&
		           sscanf(line, "%*s %d %d %255s %255s %d", &slot, &slot2, label, file, &n) == 5) {
			struct job a = {slot, n, file, 0, 0}, b = {slot2, n, file, 0, 0};
			pthread_t ta, tb;
			pthread_create(&ta, NULL, run, &a);
			pthread_create(&tb, NULL, run, &b);
			pthread_join(ta, NULL);
			pthread_join(tb, NULL);
			char la[300], lb[300];
			snprintf(la, sizeof la, "%s.a", label);
			snprintf(lb, sizeof lb, "%s.b", label);
			dump_bufs(slot, la, a.present);
			dump_bufs(slot2, lb, b.present);
			answer(label, a.rc != 0 ? a.rc : b.rc, a.present & b.present, NULL, 0, NULL, 0);
		} else {
			fprintf(stderr, "drive: bad command: %s", line);
			return 2;
		}
	}
	return 0;
}
