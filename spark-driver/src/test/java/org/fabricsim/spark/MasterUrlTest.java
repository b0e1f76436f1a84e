package org.fabricsim.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.InputException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MasterUrlTest {
    @AfterEach
    void clear() {
        System.clearProperty("spark.master");
    }

    @Test
    void formsSparkAccepts() {
        for (String m : new String[] {"local", "local[1]", "local[*]", "local[4,2]", "local[*, 3]",
                "local-cluster[2,1,1024]", "spark://127.0.0.1:7077", "spark://a:7077,b:7077", "yarn",
                "k8s://https://10.0.0.1:443"}) {
            assertEquals(m, MasterUrl.check(m, "--master"));
        }
        assertTrue(MasterUrl.isLocal("local[2]"));
        assertFalse(MasterUrl.isLocal("spark://h:7077"));
    }

    @Test
    void typosAreInputErrors() {
        for (String m : new String[] {"locl", "local[0]", "local[two]", "spark://host", "spark:/h:7077", "mesos://h:5050",
                "", "yarn-client"}) {
            InputException e = assertThrows(InputException.class, () -> MasterUrl.check(m, "--master"), m);
            assertTrue(e.getMessage().startsWith("--master: unknown Spark master '" + m + "'"), e.getMessage());
        }
    }

    @Test
    void optionThenSparkSubmitThenDefault() {
        assertEquals("local[*]", MasterUrl.resolve(null));
        System.setProperty("spark.master", "spark://h:7077");
        assertEquals("spark://h:7077", MasterUrl.resolve(null));
        assertEquals("local[1]", MasterUrl.resolve("local[1]"));
        System.setProperty("spark.master", "nonsense");
        assertThrows(InputException.class, () -> MasterUrl.resolve(null));
    }
}
