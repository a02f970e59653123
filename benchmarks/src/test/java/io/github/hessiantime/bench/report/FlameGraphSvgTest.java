package io.github.hessiantime.bench.report;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FlameGraphSvgTest {

    @Test
    void widthsAreSampleShares() {
        String svg = FlameGraphSvg.render(FlameGraphSvg.parse(Arrays.asList(
                "jmh/Runner.run;x/SerializationBenchmark.roundTrip;a/Codec.write 3",
                "jmh/Runner.run;x/SerializationBenchmark.roundTrip;a/Codec.read 1",
                "garbage line without a count"), "Benchmark.roundTrip"), "test");
        // The frames above the benchmark method are cut off; the shares are of all samples.
        assertTrue(svg.contains("<title>a/Codec.write (3 samples, 75.0%)</title>"), svg);
        assertTrue(svg.contains("<title>a/Codec.read (1 samples, 25.0%)</title>"), svg);
        assertTrue(!svg.contains("jmh/Runner.run"), svg);
        assertTrue(svg.contains("width=\"900.00\""), "3 of 4 samples on a 1200 px graph: " + svg);
        assertEquals(1, svg.split("<svg ").length - 1);
    }
}
