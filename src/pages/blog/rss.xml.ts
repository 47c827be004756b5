import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { fillPlaceholders } from '../../domain/content-placeholders.ts';

/** The blog's RSS 2.0 feed (linked from the blog pages with `<link rel="alternate">`), newest post first, full text included. */
export const GET: APIRoute = async ({ site }) => {
  const base = import.meta.env.BASE_URL.replace(/\/+$/, '');
  const posts = (await getCollection('blog')).sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
  return rss({
    title: 'Discover blog',
    description: 'Stories about 3D-scanned spaces: how they are captured, who uses them and what is new on Discover.',
    site: new URL(`${base}/`, site ?? 'http://127.0.0.1:4321').href,
    trailingSlash: true,
    items: posts.map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.date,
      link: `${base}/blog/${post.id}/`,
      content: fillPlaceholders(post.rendered?.html ?? ''),
      customData: `<dc:creator><![CDATA[${post.data.author}]]></dc:creator>`,
    })),
    xmlns: { dc: 'http://purl.org/dc/elements/1.1/' },
    customData: '<language>en-us</language>',
  });
};
