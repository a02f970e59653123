package io.github.hessiantime;

import io.github.hessiantime.testsupport.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How inline fields reach a bean's fields: through {@code sun.misc.Unsafe} exactly where hessian-lite itself does for
 * the class, else through reflection. In child JVMs of the JVM running the tests (JDK 17, and JDK 25 in CI's second
 * run): a round trip prints no JVM warning that the same round trip with stock hessian-lite does not print, and
 * where Unsafe memory access is denied (JDK 23+) inline fields work wherever hessian-lite itself can work.
 */
class InlineFieldAccessTest {

    @Test
    void inlineFieldsAddNoWarningToStockHessianLites() throws Exception {
        List<String> stock = run("stock");
        List<String> inline = run("inline");
        assertTrue(inline.get(0).startsWith("OK inlined=true"), inline.get(0));
        assertTrue(stock.get(0).startsWith("OK inlined=false"), stock.get(0));
        assertEquals(warnings(stock), warnings(inline));
    }

    /**
     * With {@code --sun-misc-unsafe-memory-access=deny}, hessian-lite 4.0.x itself only works with its own switch
     * {@code -Dcom.caucho.hessian.unsafe=false} (reflection); inline fields then take reflection too and work.
     */
    @Test
    @EnabledIf("unsafeMemoryAccessCanBeDenied")
    void withUnsafeDeniedInlineFieldsWorkWhereverHessianLiteWorks() throws Exception {
        String[] denied = {"--sun-misc-unsafe-memory-access=deny", "-Dcom.caucho.hessian.unsafe=false"};
        List<String> stock = run("stock", denied);
        List<String> inline = run("inline", denied);
        assertTrue(stock.get(0).startsWith("OK inlined=false"), stock.get(0));
        assertTrue(inline.get(0).startsWith("OK inlined=true"), inline.get(0));
        assertEquals(warnings(stock), warnings(inline));
    }

    static boolean unsafeMemoryAccessCanBeDenied() {
        String version = System.getProperty("java.specification.version");
        return !version.startsWith("1.") && Integer.parseInt(version) >= 23;
    }

    /** The protocol line, then every other line the child printed. */
    private static List<String> run(String mode, String... jvmArgs) throws IOException, InterruptedException {
        Path log = Paths.get(System.getProperty("hessiantime.mainClasses"), "..",
                "inline-access-" + mode + (jvmArgs.length > 0 ? "-denied" : "") + ".log");
        List<String> options = new ArrayList<>(Arrays.asList(jvmArgs));
        options.add("-Xmx64m");
        try (ChildJvm child = ChildJvm.launch(InlineAccessProbe.class.getName())
                .classpath(System.getProperty("java.class.path")).jvmArgs(options).args(mode).log(log).start(mode)) {
            String answer = child.awaitLine(60_000).line();
            child.awaitExit(60_000);
            List<String> lines = new ArrayList<>();
            lines.add(answer);
            lines.addAll(Files.readAllLines(log, StandardCharsets.UTF_8));
            return lines;
        }
    }

    private static List<String> warnings(List<String> output) {
        return output.stream().filter(line -> line.startsWith("WARNING")).collect(Collectors.toList());
    }
}
