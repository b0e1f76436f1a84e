package org.fabricsim.traffic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FlowSetTest {
    @Test
    void ofGivesUnitWeightsAndNoApplication() {
        FlowSet f = FlowSet.of(new int[] {0, 1}, new int[] {1, 2});
        assertEquals(2, f.size());
        assertArrayEquals(new double[] {1.0, 1.0}, f.weight());
        assertArrayEquals(new int[] {-1, -1}, f.app());
    }

    @Test
    void builderDropsSelfFlowsAndGrows() {
        FlowSet.Builder b = new FlowSet.Builder(1);
        assertFalse(b.add(3, 3));
        for (int i = 0; i < 100; i++) {
            assertTrue(b.add(i, i + 1, 0.5, 7));
        }
        FlowSet f = b.build();
        assertEquals(100, f.size());
        assertEquals(99, f.src()[99]);
        assertEquals(100, f.dst()[99]);
        assertEquals(0.5, f.weight()[42]);
        assertEquals(7, f.app()[0]);
        assertEquals(0, new FlowSet.Builder().build().size());
    }

    @Test
    void constructorRejectsSelfFlowsAndInconsistentArrays() {
        assertThrows(IllegalArgumentException.class, () -> FlowSet.of(new int[] {2}, new int[] {2}));
        assertThrows(IllegalArgumentException.class, () -> FlowSet.of(new int[] {1, 2}, new int[] {2}));
        assertThrows(IllegalArgumentException.class,
                () -> new FlowSet(new int[] {1}, new int[] {2}, new double[] {0.0}, new int[] {-1}));
        assertThrows(IllegalArgumentException.class, () -> FlowSet.of(new int[] {-1}, new int[] {2}));
    }

    @Test
    void equalityComparesContents() {
        assertEquals(FlowSet.of(new int[] {0, 1}, new int[] {1, 0}), FlowSet.of(new int[] {0, 1}, new int[] {1, 0}));
        assertFalse(FlowSet.of(new int[] {0, 1}, new int[] {1, 0}).equals(FlowSet.of(new int[] {0}, new int[] {1})));
    }
}
