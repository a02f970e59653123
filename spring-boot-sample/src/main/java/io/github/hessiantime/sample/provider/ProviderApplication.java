package io.github.hessiantime.sample.provider;

import org.apache.dubbo.config.spring.context.annotation.EnableDubbo;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The provider: a Spring Boot application that exports {@link ShipmentServiceImpl}. Everything about Dubbo and
 * hessian-time is in {@code application-provider.properties}; this class only picks that file (profile
 * {@code provider}) because the sample keeps provider and consumer in one module.
 */
@SpringBootApplication
@EnableDubbo
public class ProviderApplication {

    public static void main(String[] args) {
        new SpringApplicationBuilder(ProviderApplication.class).profiles("provider").run(args);
    }
}
