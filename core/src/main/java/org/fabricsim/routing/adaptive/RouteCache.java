package org.fabricsim.routing.adaptive;

import java.util.Arrays;

/**
 * The port routing caches (PRC) of every switch input port (spec-adaptive-routing §3.1–3.4): entries
 * (input port, flow) → output port, inserted by a route set-up that leaves on an alternate port, looked up
 * by data packets, erased by the tear-down. A capacity bounds the entries per input port; a full cache
 * makes the set-up use the default port and add nothing (spec §3.2 step 3, AMBIG-13). The flow index plays
 * the GCID.
 *
 * <p>One open-addressing table for all input ports (no allocation per entry) and a count per port.
 */
final class RouteCache {
    private static final long EMPTY = -1L;
    private static final long REMOVED = -2L;

    private final int capacity;
    private final int[] entries; // per global input port
    private long[] keys;
    private int[] values;
    private int used; // occupied or removed slots
    private int size;

    RouteCache(int portCount, int capacity) {
        this.capacity = capacity;
        this.entries = new int[portCount];
        this.keys = new long[1 << 12];
        this.values = new int[keys.length];
        Arrays.fill(keys, EMPTY);
    }

    void clear() {
        Arrays.fill(entries, 0);
        Arrays.fill(keys, EMPTY);
        used = 0;
        size = 0;
    }

    /** Entries held by one input port's cache. */
    int entries(int inGlobal) {
        return entries[inGlobal];
    }

    int size() {
        return size;
    }

    /** Inserts (in, flow) → out unless the input port's cache is full; returns whether it did. */
    boolean insert(int inGlobal, int flow, int out) {
        if (entries[inGlobal] >= capacity) {
            return false;
        }
        if (2 * (used + 1) > keys.length) {
            rehash(size + 1 > keys.length / 4 ? 2 * keys.length : keys.length);
        }
        long key = key(inGlobal, flow);
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (keys[i] == key) {
            throw new IllegalStateException("flow " + flow + " already has a cache entry at port " + inGlobal);
        }
        keys[i] = key;
        values[i] = out;
        used++;
        size++;
        entries[inGlobal]++;
        return true;
    }

    /** The cached output of (in, flow), or -1 (a miss: the data packet takes the default port). */
    int lookup(int inGlobal, int flow) {
        int i = find(key(inGlobal, flow));
        return i < 0 ? -1 : values[i];
    }

    /** Erases (in, flow) if present (the tear-down); returns whether it was. */
    boolean remove(int inGlobal, int flow) {
        int i = find(key(inGlobal, flow));
        if (i < 0) {
            return false;
        }
        keys[i] = REMOVED;
        size--;
        entries[inGlobal]--;
        return true;
    }

    private int find(long key) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                return i;
            }
            i = (i + 1) & mask;
        }
        return -1;
    }

    private void rehash(int length) {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[length];
        values = new int[length];
        Arrays.fill(keys, EMPTY);
        int mask = length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            long k = oldKeys[j];
            if (k >= 0) {
                int i = slot(k, mask);
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = k;
                values[i] = oldValues[j];
            }
        }
        used = size;
    }

    private static long key(int inGlobal, int flow) {
        return ((long) inGlobal << 32) | (flow & 0xFFFFFFFFL);
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32) & mask;
    }
}
