package org.fabricsim.traffic;

import static org.fabricsim.traffic.TrafficAsserts.assertInputError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PatternKindTest {
    static final long MS = 1_000_000_000L;

    /** One instance of every pattern, in catalogue order. */
    static List<TrafficPattern> onePerKind(int hostCount) {
        List<TrafficPattern> all = new ArrayList<>();
        all.add(new RandomPermutation(false));
        all.add(new WorstPermutation());
        all.add(new Shift(3));
        all.add(new BitReversal());
        all.add(new BitComplement());
        all.add(new Superposition(3));
        all.add(new RandomFlows(4));
        all.add(new AllToOne(5));
        all.add(new Hotspots(4, 0.5));
        all.add(new HotspotForest(ForestParameters.silent(8), hostCount, 1, 0));
        all.add(new HotspotForest(ForestParameters.windy(8, 0.5, 0.6), hostCount, 1, 0));
        all.add(new HotspotForest(ForestParameters.moving(8, 0, 0.2, 1, MS), hostCount, 1, 0));
        all.add(new FragmentedApplications(4, 16, 4, 1, 5));
        return all;
    }

    @Test
    void theCatalogueListsTheConfigurationNamesInOrder() {
        List<String> keys = new ArrayList<>();
        for (PatternKind kind : PatternKind.values()) {
            keys.add(kind.key());
            assertFalse(kind.description().isBlank());
            assertEquals(kind, PatternKind.byKey(kind.key()));
        }
        assertEquals(List.of("random-permutation", "worst-permutation", "shift", "bit-reversal", "bit-complement",
                "superposition", "random-flows", "all-to-one", "hotspots", "silent-forest", "windy-forest",
                "moving-forest", "fragmented-applications"), keys);
    }

    @Test
    void everyPatternIsNamedByItsCatalogueEntry() {
        List<TrafficPattern> patterns = onePerKind(64);
        for (int i = 0; i < patterns.size(); i++) {
            assertEquals(PatternKind.values()[i].key(), patterns.get(i).name());
        }
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        var e = assertInputError("traffic.pattern", () -> PatternKind.byKey("tornado"));
        assertTrue(e.getMessage().contains("'tornado'") && e.getMessage().contains("bit-reversal"), e.getMessage());
    }
}
