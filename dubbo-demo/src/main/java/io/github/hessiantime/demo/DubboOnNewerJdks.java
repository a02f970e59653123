package io.github.hessiantime.demo;

/** A work-around every entry point applies before Dubbo starts. */
public final class DubboOnNewerJdks {

    private DubboOnNewerJdks() {
    }

    /**
     * Dubbo 3.3.6 looks up its JSON helper with a {@code ServiceLoader} whose second entry needs fastjson 1; on
     * JDK 25 that lookup throws {@code NoClassDefFoundError} instead of skipping the entry, and the provider fails to
     * start. Naming fastjson2 (which Dubbo brings, and which is the first entry) ends the lookup before it.
     */
    public static void preferFastjson2ForDubboJson() {
        if (System.getProperty("dubbo.json-framework.prefer") == null) {
            System.setProperty("dubbo.json-framework.prefer", "fastjson2");
        }
    }
}
