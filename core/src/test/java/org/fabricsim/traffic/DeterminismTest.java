package org.fabricsim.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** DESIGN.md "Determinism": the same generator state gives the same flows, bit for bit. */
class DeterminismTest {
    private static final HostGroups HOSTS = HostGroups.contiguous(8, 8);

    @Test
    void sameSeedGivesIdenticalFlowSets() {
        for (TrafficPattern pattern : PatternKindTest.onePerKind(64)) {
            FlowSet a = pattern.generate(HOSTS, new SplittableRandom(42));
            FlowSet b = pattern.generate(HOSTS, new SplittableRandom(42));
            assertNotSame(a.src(), b.src());
            assertEquals(a, b, pattern.name());
        }
    }

    @Test
    void differentSeedsGiveDifferentFlowSetsForRandomPatterns() {
        for (TrafficPattern pattern : PatternKindTest.onePerKind(64)) {
            if (pattern instanceof Shift || pattern instanceof BitReversal || pattern instanceof BitComplement
                    || pattern instanceof AllToOne) {
                continue; // no random choice
            }
            FlowSet a = pattern.generate(HOSTS, new SplittableRandom(42));
            FlowSet b = pattern.generate(HOSTS, new SplittableRandom(43));
            assertNotEquals(a, b, pattern.name());
        }
    }

    @Test
    void forestsDependOnTheirMasterSeedAndTrial() {
        ForestParameters params = ForestParameters.moving(8, 0.5, 0.2, 0.5, 1000);
        FlowSet base = new HotspotForest(params, 64, 1, 0).snapshot(3, new SplittableRandom(7));
        assertEquals(base, new HotspotForest(params, 64, 1, 0).snapshot(3, new SplittableRandom(7)));
        assertNotEquals(base, new HotspotForest(params, 64, 2, 0).snapshot(3, new SplittableRandom(7)));
        assertNotEquals(base, new HotspotForest(params, 64, 1, 1).snapshot(3, new SplittableRandom(7)));
        assertNotEquals(base, new HotspotForest(params, 64, 1, 0).snapshot(4, new SplittableRandom(7)));
    }
}
