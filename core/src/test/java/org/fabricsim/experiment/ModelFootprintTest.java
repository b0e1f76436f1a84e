package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.config.Units;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * What a part of a partitioned run holds against the whole (issue 16, D187-D188): the structures made per
 * owned element add up over the parts to the sequential run's, and the report behind docs/BENCHMARKS.md
 * ("Bytes per directed link").
 */
class ModelFootprintTest {
    private static final String VOQ = "lp.queue.handler.queues.voqHead";
    private static final String BINS = "lp.queue.handler.observer.flowStatistics.meter.binBytes";
    // the HCAs' per-host and per-sending-flow state, and the injection's per-flow pacing (windows, D205)
    private static final List<String> WINDOWED = List.of("lp.queue.handler.hcas.sendFreePs",
            "lp.queue.handler.hcas.controlHead", "lp.queue.handler.hcas.state", "lp.queue.handler.hcas.sentBytes",
            "lp.queue.handler.hcas.injection.readyPs", "lp.queue.handler.hcas.injection.hostRr");

    private static ExperimentConfig tree648(String until) {
        return ExperimentConfig.fromSets(List.of("experiment=packet", "topology.name=tree648",
                "traffic.pattern=random-permutation", "seed=3", "packet.end-time=" + until), Path.of("."));
    }

    /** tree648 run alone until {@code until}: the whole network's footprint first, then each of four parts'. */
    private static List<Map<String, Long>> wholeAndParts(String until) {
        ExperimentConfig c = tree648(until);
        long untilPs = Units.time(until);
        List<Map<String, Long>> footprints = new ArrayList<>();
        footprints.add(ModelFootprint.of(c, 1, 0, untilPs, 6));
        for (int k = 0; k < 4; k++) {
            footprints.add(ModelFootprint.of(c, 4, k, untilPs, 6));
        }
        return footprints;
    }

    @Test
    void voqsAndThroughputBinsArePartitionedNotCopied() {
        List<Map<String, Long>> footprints = wholeAndParts("4us");
        Map<String, Long> whole = footprints.get(0);
        int parts = footprints.size() - 1;
        long voq = 0;
        for (int k = 0; k < parts; k++) {
            Map<String, Long> part = footprints.get(k + 1);
            voq += part.get(VOQ);
            assertTrue(part.get(VOQ) < whole.get(VOQ) / 2, "part " + k + " holds its own switches' VOQs");
            // run alone, a part receives only what its own hosts send each other: rows of a quarter of the
            // flows at most (the array of rows itself is a reference per flow)
            assertTrue(part.get(BINS) < 0.3 * whole.get(BINS), "part " + k + " holds rows of bins of its receivers only");
        }
        // a part's VOQ array is its switch ports' rows (plus an array header each)
        assertEquals(whole.get(VOQ), voq - (parts - 1) * 16L, 0.0);
    }

    @Test
    void theHcasStateIsThePartsHostsAndTheFlowsTheySend() {
        List<Map<String, Long>> footprints = wholeAndParts("1us");
        Map<String, Long> whole = footprints.get(0);
        int parts = footprints.size() - 1;
        Map<String, Long> sum = new java.util.HashMap<>();
        for (int k = 0; k < parts; k++) {
            Map<String, Long> part = footprints.get(k + 1);
            for (String key : WINDOWED) {
                assertTrue(part.get(key) < whole.get(key) / 2, "part " + k + ": " + key);
                sum.merge(key, part.get(key), Long::sum);
            }
        }
        // the tree's parts are runs of hosts, a permutation's flows follow their sources: the windows tile the
        // whole (each part's array has a header of its own)
        for (String key : WINDOWED) {
            assertEquals(whole.get(key), sum.get(key) - (parts - 1) * 16L, 0.0, key);
        }
    }

    /** FP_FILE=experiment.conf [FP_PARTS=4 FP_PART=0 FP_UNTIL=5us FP_DEPTH=3]: prints the largest structures. */
    @Test
    @EnabledIfEnvironmentVariable(named = "FP_FILE", matches = ".+")
    void report() {
        Map<String, String> env = System.getenv();
        ExperimentConfig c = ExperimentConfig.load(Path.of(env.get("FP_FILE")), List.of());
        int parts = Integer.parseInt(env.getOrDefault("FP_PARTS", "1"));
        int part = Integer.parseInt(env.getOrDefault("FP_PART", "0"));
        Map<String, Long> m = ModelFootprint.of(c, parts, part, Units.time(env.getOrDefault("FP_UNTIL", "0s")),
                Integer.parseInt(env.getOrDefault("FP_DEPTH", "3")));
        List<Map.Entry<String, Long>> rows = new ArrayList<>(m.entrySet());
        rows.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
        long total = rows.stream().mapToLong(Map.Entry::getValue).sum();
        System.out.printf("footprint of part %d of %d: %,d bytes%n", part, parts, total);
        for (Map.Entry<String, Long> e : rows) {
            if (e.getValue() * 200 >= total) {
                System.out.printf("%,15d  %5.1f %%  %s%n", e.getValue(), 100.0 * e.getValue() / total, e.getKey());
            }
        }
        // the walk reached the model's elements (a reflective walk that stopped early would report little)
        for (String element : List.of("links", "switches", "queues", "pool", "observer", "topology")) {
            assertTrue(m.keySet().stream().anyMatch(k -> k.startsWith("lp.queue.handler." + element)), element);
        }
    }
}
