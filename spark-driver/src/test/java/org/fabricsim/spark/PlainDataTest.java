package org.fabricsim.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.Map;
import org.fabricsim.convergence.ConvergenceKernel;
import org.fabricsim.convergence.ConvergenceOptions;
import org.fabricsim.sweep.TrialKernel;
import org.fabricsim.sweep.TrialRunner;
import org.junit.jupiter.api.Test;

class PlainDataTest {
    private static byte[] serialise(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    private static Object deserialise(byte[] b) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b))) {
            return in.readObject();
        }
    }

    @Test
    void aConvergenceKernelTravelsAndRunsTheSameTrials() throws Exception {
        ConvergenceKernel k = new ConvergenceKernel("clos(3,3,3)", ConvergenceOptions.defaults(1).withP(2), 42L);
        // the reason for PlainData: ConvergenceOptions is not Serializable (yet)
        assertThrows(NotSerializableException.class, () -> serialise(k));
        Object back = PlainData.decode(deserialise(serialise(PlainData.encode(k))));
        assertEquals(k, back);
        TrialRunner a = k.open();
        TrialRunner b = ((TrialKernel) back).open();
        long[] x = new long[k.columns().size()];
        long[] y = new long[x.length];
        for (long t = 0; t < 20; t++) {
            a.run(t, x);
            b.run(t, y);
            assertArrayEquals(x, y, "trial " + t);
        }
    }

    record Inner(String name, long[] values, ConvergenceOptions.Ties ties) {
    }

    record Outer(int i, List<Inner> inners, Map<String, Double> models, Object nothing) {
    }

    @Test
    void nestedRecordsListsMapsEnumsAndNulls() throws Exception {
        Outer o = new Outer(3, List.of(new Inner("a", new long[] {1, 2}, ConvergenceOptions.Ties.LOWEST)),
                Map.of("m", 1.5), null);
        Outer back = (Outer) PlainData.decode(deserialise(serialise(PlainData.encode(o))));
        assertEquals(3, back.i());
        assertEquals("a", back.inners().get(0).name());
        assertArrayEquals(new long[] {1, 2}, back.inners().get(0).values());
        assertEquals(ConvergenceOptions.Ties.LOWEST, back.inners().get(0).ties());
        assertEquals(Map.of("m", 1.5), back.models());
        assertEquals(null, back.nothing());
    }

    @Test
    void somethingThatIsNotPlainDataIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PlainData.encode(new Object()));
        assertThrows(IllegalArgumentException.class, () -> PlainData.encode(new Outer(1, List.of(), Map.of(),
                new Thread())));
    }
}
