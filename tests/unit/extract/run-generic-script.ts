// What the built /content-generic.js does when a page loads it: run its entrypoint.
import generic from '@/entrypoints/content-generic';

generic.main();
