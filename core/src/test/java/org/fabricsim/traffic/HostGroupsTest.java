package org.fabricsim.traffic;

import static org.fabricsim.traffic.TrafficAsserts.assertInputError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HostGroupsTest {
    @Test
    void contiguousGroupsHangConsecutiveHostsOffEachLeaf() {
        HostGroups g = HostGroups.contiguous(3, 4);
        assertEquals(12, g.hostCount());
        assertEquals(3, g.groupCount());
        assertArrayEquals(new int[] {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}, g.groupOf());
        assertArrayEquals(new int[] {4, 5, 6, 7}, g.hostsOf(1));
    }

    @Test
    void hostsOfListsEachGroupAscendingForArbitraryGroupings() {
        HostGroups g = new HostGroups(6, new int[] {1, 0, 1, 2, 0, 1});
        assertEquals(3, g.groupCount());
        assertArrayEquals(new int[] {1, 4}, g.hostsOf(0));
        assertArrayEquals(new int[] {0, 2, 5}, g.hostsOf(1));
        assertArrayEquals(new int[] {3}, g.hostsOf(2));
        int[][] members = g.members();
        for (int group = 0; group < 3; group++) {
            assertArrayEquals(g.hostsOf(group), members[group]);
        }
    }

    @Test
    void badGroupingsAreInputErrors() {
        assertInputError("host groups", () -> new HostGroups(0, new int[0]));
        assertInputError("host groups", () -> new HostGroups(3, new int[] {0, 0}));
        assertInputError("host groups", () -> new HostGroups(2, new int[] {0, -1}));
        assertInputError("group 1 has no hosts", () -> new HostGroups(3, new int[] {0, 2, 2}));
        assertInputError("host groups", () -> new HostGroups(2, new int[] {0, 7}));
        assertInputError("group count", () -> HostGroups.contiguous(0, 4));
        assertInputError("group size", () -> HostGroups.contiguous(4, 0));
    }

    @Test
    void equalityComparesContents() {
        assertEquals(HostGroups.contiguous(2, 3), new HostGroups(6, new int[] {0, 0, 0, 1, 1, 1}));
        assertEquals(HostGroups.contiguous(2, 3).hashCode(), new HostGroups(6, new int[] {0, 0, 0, 1, 1, 1}).hashCode());
    }
}
