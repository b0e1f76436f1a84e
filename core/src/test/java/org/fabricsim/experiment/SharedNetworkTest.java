package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.routing.ForwardingTables;
import org.junit.jupiter.api.Test;

/**
 * The LPs of a run in one JVM share what they would build alike (issue 16, D207): one topology, schedule and
 * set of lanes, and the tables where every part has the same; a part's own table rows stay its own, and the
 * structures go with the run's LPs.
 */
class SharedNetworkTest {
    private static ExperimentConfig config(String... more) {
        List<String> sets = new java.util.ArrayList<>(List.of("experiment=packet", "topology.name=tree648",
                "traffic.pattern=random-permutation", "seed=5", "packet.end-time=1us"));
        sets.addAll(List.of(more));
        return ExperimentConfig.fromSets(sets, Path.of("."));
    }

    private static SharedNetwork shared(ExperimentConfig c) {
        return SharedNetwork.of(c.toJson(), c.baseDir(), c, c.integer("seed", 0, Long.MAX_VALUE));
    }

    @Test
    void theLpsOfARunShareOneCopyAndPartsKeepTheirOwnRows() {
        ExperimentConfig c = config();
        SharedNetwork first = shared(c);
        SharedNetwork second = shared(ExperimentConfig.fromJson(c.toJson(), c.baseDir(), c.source()));
        assertSame(first, second, "a second LP of the same run gets the first one's structures");
        assertNotNull(first.tables(), "computed D-mod-K: the same columns for every part");
        assertSame(first.tables(), first.tablesFor(c, v -> v % 2 == 0));
        assertNotSame(first, shared(config("seed=6")), "another run builds its own");

        ExperimentConfig stored = config("routing-tables=stored");
        SharedNetwork rows = shared(stored);
        assertNull(rows.tables(), "stored tables: each part its own switches' rows");
        ForwardingTables part0 = rows.tablesFor(stored, v -> v % 2 == 0);
        ForwardingTables part1 = rows.tablesFor(stored, v -> v % 2 == 1);
        assertNotSame(part0, part1);
        org.fabricsim.topology.Topology t = rows.topology();
        for (int v = t.hostCount(); v < t.nodeCount(); v++) {
            assertEquals(v % 2 == 0, part0.holdsRow(v), "part 0 holds its own switches' rows only: switch " + v);
            assertEquals(v % 2 == 1, part1.holdsRow(v), "part 1 holds its own switches' rows only: switch " + v);
        }
        assertSame(rows.topology(), shared(stored).topology());
    }

    @Test
    void theStructuresGoWithTheRunsLastLp() throws InterruptedException {
        // This relies on System.gc(): only a weak reference is cleared once nothing else holds its object, and
        // the JVM clears it at a collection, which System.gc() requests but need not perform. HotSpot's
        // collectors do collect on it (the retries allow for a concurrent one), unless -XX:+DisableExplicitGC
        // turns the request off: then the test says nothing either way and is skipped rather than failed.
        // A reference kept anywhere (the map holding SharedNetwork itself, an LP's field) fails it.
        assumeFalse(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .contains("-XX:+DisableExplicitGC"), "System.gc() is disabled: reachability cannot be observed");
        ExperimentConfig c = config("seed=7");
        WeakReference<SharedNetwork> held = new WeakReference<>(shared(c));
        // nothing holds them now but the JVM's map, weakly
        for (int i = 0; i < 50 && held.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertNull(held.get(), "a member that stays up between runs keeps no run's structures");
    }
}
